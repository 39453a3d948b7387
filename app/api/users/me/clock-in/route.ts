import { clockIn } from "@/lib/attendance/clock";
import { attendanceContext } from "@/lib/attendance/context";
import { clockSchema } from "@/lib/attendance/schemas";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** Spec 4.3: the caller clocks in. */
export const POST = route({ access: "attendance:clock-in", body: clockSchema, successStatus: 201 }, async ({ body, principal }) =>
  clockIn(await attendanceContext(), { userId: principal.id }, principal.id, body),
);
