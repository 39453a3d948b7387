"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { publicApi } from "@/console/api-client";
import { NewPasswordForm, useFormMutation } from "@/console/ui/forms";

export function InvalidInvitation({ reason }: { reason: "incomplete" | "expired" }) {
  const t = useTranslations("staff.accept.invalid");
  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="page-lead">{reason === "incomplete" ? t("incomplete") : t("expired")}</p>
      <p>{t("askAgain")}</p>
      <p className="auth-footer">
        <Link className="button button-primary" href="/login">
          {t("signIn")}
        </Link>
        <Link href="/forgot-password">{t("forgot")}</Link>
      </p>
    </div>
  );
}

/**
 * Chooses the password, then signs in with it (the link proved the address), landing on the console's home for the
 * person's role. Should that sign-in fail, the password is set all the same and the sign-in page is offered.
 */
export function AcceptInvitationForm({
  token,
  invitation,
  passwordHint,
}: {
  token: string;
  invitation: { email: string; firstName: string };
  passwordHint: string;
}) {
  const t = useTranslations("staff.accept");
  const router = useRouter();
  const [signInFailed, setSignInFailed] = useState(false);
  const form = useFormMutation(
    async (password: string) => {
      await publicApi.auth.acceptInvitation({ token, newPassword: password });
      const signedIn = await signIn("credentials", { email: invitation.email, password, redirect: false });
      return signedIn?.ok === true;
    },
    {
      holdAfterSuccess: true,
      onSuccess: (signedIn) => {
        if (!signedIn) return setSignInFailed(true);
        router.replace("/");
        router.refresh();
      },
    },
  );
  if (signInFailed) {
    return (
      <div className="auth-card">
        <h1>{t("title", { name: invitation.firstName })}</h1>
        <p role="status" className="notice">
          {t("signInFailed")}
        </p>
        <p className="auth-footer">
          <Link className="button button-primary" href="/login">
            {t("signIn")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>{t("title", { name: invitation.firstName })}</h1>
      <p className="page-lead">{t("lead", { email: invitation.email })}</p>
      <NewPasswordForm
        form={form}
        labels={{ newPassword: t("newPassword"), confirmPassword: t("confirmPassword") }}
        hint={passwordHint}
        submitLabel={t("submit")}
        pendingLabel={t("pending")}
      />
    </div>
  );
}
