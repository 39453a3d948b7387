import { attendanceRequestResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { rejectRequest } from "@/lib/attendance/requests";
import { rejectionSchema, requestParams } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 3.2: Open → rejected, with a mandatory reason; the record is unchanged. */
export const PUT = route(
  {
    access: "attendance-requests:manage",
    params: requestParams,
    body: rejectionSchema,
    summary: "Reject a correction request",
    response: { schema: attendanceRequestResponse },
    errors: [AttendanceErrors.requestNotFound, AttendanceErrors.alreadyDecided, AttendanceErrors.selfDecision],
  },
  async ({ params, body, services }) => rejectRequest(services, params.id, body.reason),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, POST } = otherMethods({ PUT });
