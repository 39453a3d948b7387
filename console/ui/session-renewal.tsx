"use client";

import "client-only";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { endConsoleSession, renewedSession } from "@/console/api-client";

/**
 * Shown when the page found the session's access token expired: the session route renews it and
 * stores the new tokens in the cookie, then the page renders again.
 */
export function SessionRenewal() {
  const router = useRouter();
  const t = useTranslations("common.sessionRenewal");
  const { update } = useSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void renewedSession(update).then((session) => {
      if (session && !session.error) router.refresh();
      else void endConsoleSession();
    });
  }, [router, update]);
  return (
    <div className="centered-status">
      <p role="status">{t("renewing")}</p>
      <p className="muted">
        {t("slow")} <Link href="/login">{t("signInAgain")}</Link>
      </p>
    </div>
  );
}
