"use client";

import "client-only";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { startTransition } from "react";

/**
 * What a console page shows when rendering it failed unexpectedly, typically while the service is
 * starting or a dependency is down (the platform retries on its own). Never the error's text: that is for the logs.
 */
export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const t = useTranslations("common");
  // A server component failed: fetch it again, then re-render the boundary's children.
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <div className="centered-status">
      <div className="auth-card" role="alert">
        <h1>{t("pageError.title")}</h1>
        <p className="page-lead">{t("pageError.lead")}</p>
        <button type="button" className="button button-primary" onClick={retry}>
          {t("tryAgain")}
        </button>
        {error.digest && <p className="auth-foot-note">{t("pageError.reference", { digest: error.digest })}</p>}
      </div>
    </div>
  );
}
