import { clockStateResponse } from "@/app/api/responses";
import { clockState } from "@/lib/attendance/clock";
import { AttendanceErrors } from "@/lib/attendance/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Whether the caller is clocked in now, and since when: what the clock button shows. */
export const GET = route(
  {
    access: "attendance:clock-in",
    summary: "Whether the caller is clocked in",
    response: { schema: clockStateResponse },
    errors: [AttendanceErrors.notAnEmployee],
  },
  async ({ principal, services }) => clockState(services, { userId: principal.id }),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
