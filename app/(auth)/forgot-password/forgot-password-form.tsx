"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { publicApi } from "@/console/api-client";
import { ConsoleForm, missingFields, SubmitButton, TextField, textOf, useFormMutation } from "@/console/ui/forms";

export function ForgotPasswordForm() {
  const form = useFormMutation(publicApi.auth.forgotPassword);
  const t = useTranslations("auth.forgotPassword");
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      {form.succeeded ? (
        <p role="status" className="notice">
          {t("sent")}
        </p>
      ) : (
        <>
          <p className="page-lead">{t("lead")}</p>
          <ConsoleForm
            labels={{ email: t("email") }}
            failure={form.failure}
            onSubmit={(data) => {
              const missing = missingFields(data, ["email"]);
              if (missing) return form.refuse(missing);
              form.submit({ email: textOf(data, "email") });
            }}
          >
            <TextField name="email" type="email" autoComplete="email" />
            <SubmitButton pending={form.pending} pendingLabel={t("pending")}>
              {t("submit")}
            </SubmitButton>
          </ConsoleForm>
        </>
      )}
      <p className="auth-footer">
        <Link href="/login">{t("back")}</Link>
      </p>
    </div>
  );
}
