import type { MailStatus } from "@/lib/console/club-api";
import type { StatusLook } from "@/lib/console/format";

export const MAIL_STATUSES: Readonly<Record<MailStatus, StatusLook>> = {
  pending: { label: "Pending", badge: "badge-pending" },
  sent: { label: "Sent", badge: "badge-active" },
  failed: { label: "Failed", badge: "badge-blocked" },
};

export const attemptsText = (attempts: number) => (attempts === 1 ? "1 attempt" : `${attempts} attempts`);
