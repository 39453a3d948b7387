"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { signInErrorMessage } from "@/console/sign-in-errors";
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

const LABELS = { email: "Email", password: "Password" };

/** Signs in through next-auth's credentials provider, which runs the API's login service. */
async function signInWithPassword(credentials: { email: string; password: string }): Promise<void> {
  const result = await signIn("credentials", { ...credentials, redirect: false });
  if (result?.ok) return;
  const code = result?.error ?? "";
  throw new ApiError(result?.status ?? 401, code, signInErrorMessage(code));
}

export function LoginForm({ destination }: { destination: string }) {
  const router = useRouter();
  const form = useFormMutation(signInWithPassword, {
    holdAfterSuccess: true,
    onSuccess: () => {
      router.replace(destination);
      router.refresh();
    },
  });
  return (
    <div className="auth-card">
      <h1>Sign in</h1>
      <p className="page-lead">Staff console of your club.</p>
      <ConsoleForm
        labels={LABELS}
        failure={form.failure}
        onSubmit={(data) => {
          const missing = missingFields(data, ["email", "password"]);
          if (missing) return form.refuse(missing);
          form.submit({ email: textOf(data, "email"), password: secretOf(data, "password") });
        }}
      >
        <TextField name="email" type="email" autoComplete="username" />
        <TextField name="password" type="password" autoComplete="current-password" />
        <SubmitButton pending={form.pending} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </ConsoleForm>
      <p className="auth-footer">
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
    </div>
  );
}
