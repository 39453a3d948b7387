"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { publicApi } from "@/console/api-client";
import { NewPasswordForm, useFormMutation } from "@/console/ui/forms";

export function ResetPasswordForm({ token, passwordHint }: { token: string; passwordHint: string }) {
  const form = useFormMutation((newPassword: string) => publicApi.auth.resetPassword({ token, newPassword }));
  const t = useTranslations("auth.resetPassword");
  if (!token) {
    return (
      <div className="auth-card">
        <h1>{t("incompleteTitle")}</h1>
        <p className="page-lead">{t("incompleteLead")}</p>
        <Link className="button button-primary" href="/forgot-password">
          {t("askNewLink")}
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      {form.succeeded ? (
        <>
          <p role="status" className="notice">
            {t("done")}
          </p>
          <p className="auth-footer">
            <Link className="button button-primary" href="/login">
              {t("signIn")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="page-lead">{t("lead")}</p>
          <NewPasswordForm
            form={form}
            labels={{ newPassword: t("newPassword"), confirmPassword: t("confirmPassword") }}
            hint={passwordHint}
            submitLabel={t("submit")}
          />
          <p className="auth-footer">
            <Link href="/forgot-password">{t("askNewLink")}</Link>
            <Link href="/login">{t("back")}</Link>
          </p>
        </>
      )}
    </div>
  );
}
