"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { publicApi } from "@/console/api-client";
import {
  ConsoleForm,
  NewPasswordFields,
  newPasswordRefusal,
  SubmitButton,
  secretOf,
  useFormMutation,
} from "@/console/ui/forms";

export function ResetPasswordForm({ token, passwordHint }: { token: string; passwordHint: string }) {
  const form = useFormMutation(publicApi.auth.resetPassword);
  const t = useTranslations("auth.resetPassword");
  const labels = { newPassword: t("newPassword"), confirmPassword: t("confirmPassword") };
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
          <ConsoleForm
            labels={labels}
            failure={form.failure}
            onSubmit={(data) => {
              const refusal = newPasswordRefusal(data, Object.keys(labels), "newPassword", "confirmPassword");
              if (refusal) return form.refuse(refusal);
              form.submit({ token, newPassword: secretOf(data, "newPassword") });
            }}
          >
            <NewPasswordFields name="newPassword" confirmation="confirmPassword" hint={passwordHint} />
            <SubmitButton pending={form.pending}>{t("submit")}</SubmitButton>
          </ConsoleForm>
          <p className="auth-footer">
            <Link href="/forgot-password">{t("askNewLink")}</Link>
            <Link href="/login">{t("back")}</Link>
          </p>
        </>
      )}
    </div>
  );
}
