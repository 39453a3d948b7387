import { attendanceRequestResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { approveRequest } from "@/lib/attendance/requests";
import { requestParams } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 3.2: Open → approved; the day is recalculated and regularized. */
export const PUT = route(
  {
    access: "attendance-requests:manage",
    params: requestParams,
    summary: "Approve a correction request",
    response: { schema: attendanceRequestResponse },
    errors: [AttendanceErrors.requestNotFound, AttendanceErrors.alreadyDecided, AttendanceErrors.selfDecision],
  },
  async ({ params, services }) => approveRequest(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, POST } = otherMethods({ PUT });
