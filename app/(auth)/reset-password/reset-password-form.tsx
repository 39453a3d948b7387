"use client";

import Link from "next/link";
import { publicApi } from "@/console/api-client";
import {
  ConsoleForm,
  NewPasswordFields,
  newPasswordRefusal,
  SubmitButton,
  secretOf,
  useFormMutation,
} from "@/console/ui/forms";

const LABELS = { newPassword: "New password", confirmPassword: "Confirm new password" };

export function ResetPasswordForm({ token, passwordHint }: { token: string; passwordHint: string }) {
  const form = useFormMutation(publicApi.auth.resetPassword);
  if (!token) {
    return (
      <div className="auth-card">
        <h1>This link is incomplete</h1>
        <p className="page-lead">Open the link from the email again, or ask for a new one.</p>
        <Link className="button button-primary" href="/forgot-password">
          Ask for a new link
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      {form.succeeded ? (
        <>
          <p role="status" className="notice">
            Your password has been changed, and every session that used the old one has ended.
          </p>
          <p className="auth-footer">
            <Link className="button button-primary" href="/login">
              Sign in
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="page-lead">Choose the password you will sign in with from now on.</p>
          <ConsoleForm
            labels={LABELS}
            failure={form.failure}
            onSubmit={(data) => {
              const refusal = newPasswordRefusal(data, Object.keys(LABELS), "newPassword", "confirmPassword");
              if (refusal) return form.refuse(refusal);
              form.submit({ token, newPassword: secretOf(data, "newPassword") });
            }}
          >
            <NewPasswordFields name="newPassword" confirmation="confirmPassword" hint={passwordHint} />
            <SubmitButton pending={form.pending}>Set the new password</SubmitButton>
          </ConsoleForm>
          <p className="auth-footer">
            <Link href="/forgot-password">Ask for a new link</Link>
            <Link href="/login">Back to sign in</Link>
          </p>
        </>
      )}
    </div>
  );
}
