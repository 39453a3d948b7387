"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { endConsoleSession, useConsoleApi } from "@/console/api-client";
import { deviceName } from "@/console/device-name";
import { useClubFormat } from "@/console/i18n/club-format";
import { ConfirmDialog } from "@/console/ui/dialog";
import { EmptyState, LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";

type SignIn = { id: string; startedAt: string; lastActiveAt: string; userAgent: string | null; current: boolean };

/** "Firefox on Linux", "Chrome", "Android", or the header as sent when it names neither. */
function useDeviceText(): (userAgent: string | null) => string {
  const t = useTranslations("signIns");
  return (userAgent) => {
    if (!userAgent) return t("unknownDevice");
    const { browser, system } = deviceName(userAgent);
    if (browser && system) return t("browserOnSystem", { browser, system });
    return browser ?? system ?? userAgent;
  };
}

function SignInItem({ signIn }: { signIn: SignIn }) {
  const t = useTranslations("signIns");
  const format = useClubFormat();
  const failureText = useFailureText();
  const api = useConsoleApi();
  const queryClient = useQueryClient();
  const deviceText = useDeviceText();
  const end = useMutation({
    mutationFn: () => api.auth.endSignIn(signIn.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["sign-ins"] }),
  });
  const device = deviceText(signIn.userAgent);
  return (
    <li className="card sign-in" aria-label={device}>
      <div className="sign-in-main">
        <p className="sign-in-device">
          <strong>{device}</strong> {signIn.current && <span className="badge badge-active">{t("thisOne")}</span>}
        </p>
        <p className="muted">
          {t("started", { when: format.dateTime(signIn.startedAt) })} ·{" "}
          {t("lastActive", { when: format.dateTime(signIn.lastActiveAt) })}
        </p>
      </div>
      {!signIn.current && (
        <button
          type="button"
          className="button"
          disabled={end.isPending}
          aria-label={t("endNamed", { device })}
          onClick={() => end.mutate()}
        >
          {end.isPending ? t("ending") : t("end")}
        </button>
      )}
      {end.isError && (
        <p className="error-summary" role="alert">
          {failureText(formFailureOf(end.error))}
        </p>
      )}
    </li>
  );
}

/** The signed-in person's sign-ins, newest use first, each but this one endable; and "sign out everywhere". */
export function SignInsConsole({ idleHours }: { idleHours: number }) {
  const t = useTranslations("signIns");
  const api = useConsoleApi();
  const failureText = useFailureText();
  const [confirming, setConfirming] = useState(false);
  const signIns = useQuery({ queryKey: ["sign-ins"], queryFn: api.auth.signIns });
  return (
    <>
      <h1>{t("title")}</h1>
      <p className="page-lead">{idleHours > 0 ? t("lead", { hours: idleHours }) : t("leadNoIdle")}</p>
      <section aria-labelledby="sign-ins-heading">
        <h2 id="sign-ins-heading" className="visually-hidden">
          {t("listTitle")}
        </h2>
        {signIns.isPending ? (
          <SkeletonCard label={t("loading")} lines={3} />
        ) : signIns.isError ? (
          <LoadError message={failureText(formFailureOf(signIns.error))} onRetry={() => void signIns.refetch()} />
        ) : signIns.data.items.length === 0 ? (
          <EmptyState title={t("none")} />
        ) : (
          <ul className="sign-in-list">
            {signIns.data.items.map((signIn) => (
              <SignInItem key={signIn.id} signIn={signIn} />
            ))}
          </ul>
        )}
      </section>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          {t("everywhere")}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t("everywhereTitle")}
          submitLabel={t("everywhere")}
          pendingLabel={t("signingOut")}
          variant="danger"
          run={api.auth.signOutEverywhere}
          onSuccess={() => endConsoleSession()}
          holdAfterSuccess
          onClose={() => setConfirming(false)}
        >
          <p>{t("everywhereBody")}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
