"use client";

import { useTranslations } from "next-intl";
import type { MemberStatus, SubscriptionRow } from "@/console/club-api";

/** How a status reads and which badge shows it. */
type StatusLook = { label: string; badge: string };

/** Member statuses in the API's order (the list sorts by it). */
export const MEMBER_STATUS_VALUES = [
  "active",
  "inactive",
  "suspended",
  "expired",
] as const satisfies readonly MemberStatus[];

const MEMBER_BADGES: Readonly<Record<MemberStatus, string>> = {
  active: "badge-active",
  inactive: "badge-inactive",
  suspended: "badge-blocked",
  expired: "badge-pending",
};

/** A member's status in the reader's language, on its badge. */
export function useMemberStatusLook(): (status: MemberStatus) => StatusLook {
  const t = useTranslations("members.status");
  return (status) => ({ label: t(status), badge: MEMBER_BADGES[status] });
}

type TermStatus = SubscriptionRow["status"] | "upcoming";

const TERM_BADGES: Readonly<Record<TermStatus, string>> = {
  active: "badge-active",
  expired: "badge-pending",
  canceled: "badge-inactive",
  upcoming: "badge-neutral",
};

/** A subscription term's status in the reader's language, on its badge ("upcoming": a renewal queued to start later). */
export function useTermStatusLook(): (status: TermStatus) => StatusLook {
  const t = useTranslations("members.termStatus");
  return (status) => ({ label: t(status), badge: TERM_BADGES[status] });
}
