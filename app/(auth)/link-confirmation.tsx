"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { formFailureOf, useFailureText } from "@/console/ui/forms";

/** Whose words the page uses: messages/<language>/auth.json's `verifyEmail` or `confirmEmailChange`. */
type LinkConfirmationKind = "verifyEmail" | "confirmEmailChange";

/**
 * The page an emailed confirmation link opens: it sends the link's token as soon as the page opens, since following
 * the link is the user's consent, and says how it went.
 */
export function LinkConfirmation({
  token,
  confirm,
  kind,
}: {
  token: string;
  confirm: (body: { token: string }) => Promise<unknown>;
  kind: LinkConfirmationKind;
}) {
  const t = useTranslations("auth");
  const failureText = useFailureText();
  const confirmation = useMutation({ mutationFn: confirm });
  const { mutate } = confirmation;
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (!token || confirmation.isError) {
    const message = token ? failureText(formFailureOf(confirmation.error)) : t("link.incomplete");
    return (
      <div className="auth-card">
        <h1>{t(`${kind}.failed`)}</h1>
        <p className="error-summary" role="alert">
          {message}
        </p>
        <p className="auth-footer">
          <Link href="/login">{t("link.goToSignIn")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>{t(confirmation.isSuccess ? `${kind}.done` : `${kind}.pending`)}</h1>
      <p role="status" className="page-lead">
        {confirmation.isSuccess ? t(`${kind}.doneLead`) : t("link.oneMoment")}
      </p>
      {confirmation.isSuccess && (
        <Link className="button button-primary" href="/login">
          {t("link.signIn")}
        </Link>
      )}
    </div>
  );
}
