import type { MailStatus } from "@/console/club-api";
import type { StatusLook } from "@/console/format";

export const MAIL_STATUSES: Readonly<Record<MailStatus, StatusLook>> = {
  pending: { label: "Pending", badge: "badge-pending" },
  sent: { label: "Sent", badge: "badge-active" },
  failed: { label: "Failed", badge: "badge-blocked" },
};

export const attemptsText = (attempts: number) => (attempts === 1 ? "1 attempt" : `${attempts} attempts`);
