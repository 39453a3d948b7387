import { attendanceContext } from "@/lib/attendance/context";
import { getRequest } from "@/lib/attendance/requests";
import { requestParams } from "@/lib/attendance/schemas";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** One request, for its owner or a manager (attendance-requests:manage); 404 for anyone else. */
export const GET = route({ access: "authenticated", params: requestParams }, async ({ params, principal }) =>
  getRequest(await attendanceContext(), principal, params.id),
);
