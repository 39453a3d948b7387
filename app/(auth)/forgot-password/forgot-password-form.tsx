"use client";

import Link from "next/link";
import { publicApi } from "@/console/api-client";
import { ConsoleForm, missingFields, SubmitButton, TextField, textOf, useFormMutation } from "@/console/ui/forms";

const LABELS = { email: "Email" };

export function ForgotPasswordForm() {
  const form = useFormMutation(publicApi.auth.forgotPassword);
  return (
    <div className="auth-card">
      <h1>Reset your password</h1>
      {form.result ? (
        <p role="status" className="notice">
          {form.result.message}
        </p>
      ) : (
        <>
          <p className="page-lead">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          <ConsoleForm
            labels={LABELS}
            failure={form.failure}
            onSubmit={(data) => {
              const missing = missingFields(data, ["email"]);
              if (missing) return form.refuse(missing);
              form.submit({ email: textOf(data, "email") });
            }}
          >
            <TextField name="email" type="email" autoComplete="email" />
            <SubmitButton pending={form.pending} pendingLabel="Sending…">
              Send the link
            </SubmitButton>
          </ConsoleForm>
        </>
      )}
      <p className="auth-footer">
        <Link href="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
