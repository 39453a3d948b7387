"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { signInErrorMessage, signInUnavailable } from "@/console/sign-in-errors";
import { ApiError } from "@/console/transport";
import {
  ConsoleForm,
  missingFields,
  SubmitButton,
  secretOf,
  TextField,
  textOf,
  useFormMutation,
} from "@/console/ui/forms";

/**
 * Failures worded by the sign-in itself rather than by the API's code (messages/<language>/errors.json): its rate
 * limit may be an email's throttle of minutes, and "unavailable" is no API code.
 */
const OWN_WORDS: Readonly<Record<string, "tooMany" | "unavailable">> = {
  "RateLimit.Exceeded": "tooMany",
  [signInUnavailable.code]: "unavailable",
};

export function LoginForm({ destination }: { destination: string }) {
  const router = useRouter();
  const t = useTranslations("auth.signIn");
  // Through next-auth's credentials provider, which runs the API's login service.
  const signInWithPassword = async (credentials: { email: string; password: string }): Promise<void> => {
    const result = await signIn("credentials", { ...credentials, redirect: false });
    if (result?.ok) return;
    const code = result?.error ?? "";
    const own = OWN_WORDS[code];
    throw new ApiError(result?.status ?? 401, own ? null : code, own ? t(own) : signInErrorMessage(code));
  };
  const form = useFormMutation(signInWithPassword, {
    holdAfterSuccess: true,
    onSuccess: () => {
      router.replace(destination);
      router.refresh();
    },
  });
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="page-lead">{t("lead")}</p>
      <ConsoleForm
        labels={{ email: t("email"), password: t("password") }}
        failure={form.failure}
        onSubmit={(data) => {
          const missing = missingFields(data, ["email", "password"]);
          if (missing) return form.refuse(missing);
          form.submit({ email: textOf(data, "email"), password: secretOf(data, "password") });
        }}
      >
        <TextField name="email" type="email" autoComplete="username" />
        <TextField name="password" type="password" autoComplete="current-password" />
        <SubmitButton pending={form.pending} pendingLabel={t("pending")}>
          {t("submit")}
        </SubmitButton>
      </ConsoleForm>
      <p className="auth-footer">
        <Link href="/forgot-password">{t("forgot")}</Link>
      </p>
    </div>
  );
}
