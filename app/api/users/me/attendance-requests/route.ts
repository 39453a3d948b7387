import { attendanceContext } from "@/lib/attendance/context";
import { listOwnRequests } from "@/lib/attendance/requests";
import { ownRequestsQuery } from "@/lib/attendance/schemas";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the caller's own correction requests. */
export const GET = route({ access: "attendance-requests:read", query: ownRequestsQuery }, async ({ query, principal }) =>
  listOwnRequests(await attendanceContext(), principal, query),
);
