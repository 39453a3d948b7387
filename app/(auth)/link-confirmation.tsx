"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { formFailureOf } from "@/console/ui/forms";

export type LinkConfirmationWording = { pending: string; done: string; doneLead: string; failed: string };

/**
 * The page an emailed confirmation link opens: it sends the link's token as soon as the page opens, since following
 * the link is the user's consent, and says how it went.
 */
export function LinkConfirmation({
  token,
  confirm,
  wording,
}: {
  token: string;
  confirm: (body: { token: string }) => Promise<unknown>;
  wording: LinkConfirmationWording;
}) {
  const confirmation = useMutation({ mutationFn: confirm });
  const { mutate } = confirmation;
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (!token || confirmation.isError) {
    const message = token
      ? formFailureOf(confirmation.error).message
      : "This link is incomplete: open the link from the email again.";
    return (
      <div className="auth-card">
        <h1>{wording.failed}</h1>
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
      <h1>{confirmation.isSuccess ? wording.done : wording.pending}</h1>
      <p role="status" className="page-lead">
        {confirmation.isSuccess ? wording.doneLead : "One moment."}
      </p>
      {confirmation.isSuccess && (
        <Link className="button button-primary" href="/login">
          Sign in
        </Link>
      )}
    </div>
  );
}
