import type { MemberStatus } from "./club-api";

/** How a status reads and which badge shows it. */
export type StatusLook = { label: string; badge: string };

/** Member statuses in the API's order (the list sorts by it). */
export const MEMBER_STATUS_VALUES = [
  "active",
  "inactive",
  "suspended",
  "expired",
] as const satisfies readonly MemberStatus[];
