"use client";

import "client-only";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ApiError } from "@/console/transport";
import { LoadError, SkeletonCard } from "./feedback";
import { formFailureOf, useFailureText } from "./forms";

/** The list a record's page belongs to: where its breadcrumb leads back to. */
export type ParentList = { href: string; label: string };

/** The way back from one record's page to its list. */
export function BackLink({ to }: { to: ParentList }) {
  return (
    <p className="breadcrumb">
      <Link href={to.href}>{`← ${to.label}`}</Link>
    </p>
  );
}

/** A record's page while the record loads: the way back, the title's place and a placeholder per card. */
export function DetailSkeleton({
  back,
  cards,
}: {
  back: ParentList;
  cards: readonly { label: string; lines: number }[];
}) {
  return (
    <>
      <BackLink to={back} />
      <div className="skeleton-title" aria-hidden="true" />
      <div className="detail-grid">
        {cards.map((card) => (
          <SkeletonCard key={card.label} label={card.label} lines={card.lines} />
        ))}
      </div>
    </>
  );
}

/**
 * A record's page when the record could not be read: it does not exist (404, or `goneStatuses`), or the failure
 * with Try again.
 */
export function DetailLoadFailure({
  back,
  title,
  goneMessage,
  goneStatuses = [404],
  error,
  onRetry,
}: {
  back: ParentList;
  title: string;
  goneMessage: string;
  goneStatuses?: readonly number[];
  error: Error;
  onRetry: () => void;
}) {
  const t = useTranslations("common");
  const failureText = useFailureText();
  const gone = error instanceof ApiError && goneStatuses.includes(error.status);
  return (
    <>
      <BackLink to={back} />
      <h1 className="page-title">{title}</h1>
      {gone ? (
        <div className="card empty-state" role="note">
          <p className="empty-state-title">{goneMessage}</p>
          <Link href={back.href}>{t("backTo", { list: back.label })}</Link>
        </div>
      ) : (
        <LoadError message={failureText(formFailureOf(error))} onRetry={onRetry} />
      )}
    </>
  );
}
