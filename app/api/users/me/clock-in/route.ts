import { checkEventResponse } from "@/app/api/responses";
import { clockIn } from "@/lib/attendance/clock";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { clockSchema } from "@/lib/attendance/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the caller clocks in. */
export const POST = route(
  {
    access: "attendance:clock-in",
    body: clockSchema,
    successStatus: 201,
    location: "/api/users/me/clock",
    summary: "Clock in (the caller)",
    response: { schema: checkEventResponse },
    errors: [AttendanceErrors.notAnEmployee, AttendanceErrors.alreadyClockedIn],
  },
  async ({ body, principal, services }) => clockIn(services, { userId: principal.id }, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
