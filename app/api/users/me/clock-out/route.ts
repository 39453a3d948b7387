import { clockOutResponse } from "@/app/api/responses";
import { clockOut } from "@/lib/attendance/clock";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { clockSchema } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the caller clocks out (the permission is attendance:clock-in, as the spec lists it). */
export const POST = route(
  {
    access: "attendance:clock-in",
    body: clockSchema,
    successStatus: 201,
    location: "/api/users/me/clock",
    summary: "Clock out (the caller)",
    response: { schema: clockOutResponse },
    errors: [AttendanceErrors.notAnEmployee, AttendanceErrors.noActiveCheckin],
  },
  async ({ body, principal, services }) => clockOut(services, { userId: principal.id }, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
