import { attendanceContext } from "@/lib/attendance/context";
import { listRequestQueue, submitRequest } from "@/lib/attendance/requests";
import { correctionRequestSchema, requestQueueQuery } from "@/lib/attendance/schemas";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the manager's queue of every employee's requests. */
export const GET = route({ access: "attendance-requests:manage", query: requestQueueQuery }, async ({ query }) =>
  listRequestQueue(await attendanceContext(), query),
);

/** Spec 4.3: the caller asks to correct one of their own days. */
export const POST = route(
  { access: "attendance-requests:write", body: correctionRequestSchema, successStatus: 201 },
  async ({ body, principal }) => submitRequest(await attendanceContext(), principal, body),
);
