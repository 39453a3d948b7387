import { attendanceRequestResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { getRequest } from "@/lib/attendance/requests";
import { requestParams } from "@/lib/attendance/schemas";
import { AuthErrors } from "@/lib/auth/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One request, for its owner or a manager (attendance-requests:manage); 404 for anyone else. */
export const GET = route(
  {
    access: "authenticated",
    params: requestParams,
    summary: "Get a correction request",
    response: { schema: attendanceRequestResponse },
    errors: [AttendanceErrors.requestNotFound, AuthErrors.passwordChangeRequired],
  },
  async ({ params, principal, services }) => getRequest(services, principal, params.id),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
