"use client";

import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { publicApi } from "@/lib/console/api-client";
import { formFailureOf } from "@/lib/console/ui/forms";

/** Confirms the address as soon as the page opens: following the link is the user's consent. */
export function VerifyEmail({ token }: { token: string }) {
  const verification = useMutation({ mutationFn: publicApi.auth.verifyEmail });
  const { mutate } = verification;
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (!token || verification.isError) {
    const message = token ? formFailureOf(verification.error).message : "This link is incomplete: open the link from the email again.";
    return (
      <div className="auth-card">
        <h1>We could not confirm your email</h1>
        <p className="error-summary" role="alert">
          {message}
        </p>
        <p className="auth-footer">
          <Link href="/login">Go to sign in</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>{verification.isSuccess ? "Email confirmed" : "Confirming your email…"}</h1>
      <p role="status" className="page-lead">
        {verification.isSuccess ? "Thank you: your address is confirmed and you can sign in." : "One moment."}
      </p>
      {verification.isSuccess && (
        <Link className="button button-primary" href="/login">
          Sign in
        </Link>
      )}
    </div>
  );
}
