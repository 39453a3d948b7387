import { attendanceRequestPageResponse, attendanceRequestResponse } from "@/app/api/responses";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { listRequestQueue, submitRequest } from "@/lib/attendance/requests";
import { correctionRequestSchema, requestQueueQuery } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the manager's queue of every employee's requests. */
export const GET = route(
  {
    access: "attendance-requests:manage",
    query: requestQueueQuery,
    summary: "The correction requests queue",
    response: { schema: attendanceRequestPageResponse },
  },
  async ({ query, services }) => listRequestQueue(services, query),
);

/** Spec 4.3: the caller asks to correct one of their own days. */
export const POST = route(
  {
    access: "attendance-requests:write",
    body: correctionRequestSchema,
    successStatus: 201,
    location: "/api/attendance-requests/{id}",
    summary: "Ask to correct a day",
    response: { schema: attendanceRequestResponse },
    errors: [
      AttendanceErrors.notAnEmployee,
      AttendanceErrors.windowExpired,
      AttendanceErrors.futureDate,
      AttendanceErrors.duplicateOpen,
    ],
  },
  async ({ body, services }) => submitRequest(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
