"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { useTranslations } from "next-intl";
import { endConsoleSession, useConsoleApi } from "@/console/api-client";
import {
  ConsoleForm,
  NewPasswordFields,
  newPasswordRefusal,
  SubmitButton,
  secretOf,
  TextField,
  useFormMutation,
} from "@/console/ui/forms";

const CODE_FIELDS = { "Auth.InvalidCurrentPassword": "currentPassword" };

export function ChangePasswordForm({ forced, passwordHint }: { forced: boolean; passwordHint: string }) {
  const api = useConsoleApi();
  const { update } = useSession();
  const router = useRouter();
  const t = useTranslations("auth.changePassword");
  const labels = {
    currentPassword: t(forced ? "temporaryPassword" : "currentPassword"),
    newPassword: t("newPassword"),
    confirmPassword: t("confirmPassword"),
  };
  // The change ends every session, this one too, and answers with a new one: the session cookie adopts it.
  const form = useFormMutation(
    async (change: { currentPassword: string; newPassword: string }) => {
      const { sealedRefreshToken } = await api.auth.changePassword(change);
      const adopted = await update({ sealedRefreshToken });
      return Boolean(adopted && !adopted.error);
    },
    {
      codeFields: CODE_FIELDS,
      holdAfterSuccess: true,
      onSuccess: (continues) => {
        // Should the cookie not take the new session, the new password still works at the login page.
        if (!continues) return endConsoleSession();
        router.replace("/");
        router.refresh();
      },
    },
  );
  return (
    <div className="auth-card">
      <h1>{t(forced ? "titleForced" : "title")}</h1>
      <p className="page-lead">{t(forced ? "leadForced" : "lead")}</p>
      <ConsoleForm
        labels={labels}
        failure={form.failure}
        onSubmit={(data) => {
          const refusal = newPasswordRefusal(data, Object.keys(labels), "newPassword", "confirmPassword");
          if (refusal) return form.refuse(refusal);
          form.submit({
            currentPassword: secretOf(data, "currentPassword"),
            newPassword: secretOf(data, "newPassword"),
          });
        }}
      >
        <TextField name="currentPassword" type="password" autoComplete="current-password" />
        <NewPasswordFields name="newPassword" confirmation="confirmPassword" hint={passwordHint} />
        <SubmitButton pending={form.pending} pendingLabel={t("pending")}>
          {t("submit")}
        </SubmitButton>
      </ConsoleForm>
      <p className="auth-footer">
        {forced ? (
          <button type="button" className="link-button" onClick={() => void endConsoleSession()}>
            {t("signOut")}
          </button>
        ) : (
          <Link href="/">{t("back")}</Link>
        )}
      </p>
    </div>
  );
}
