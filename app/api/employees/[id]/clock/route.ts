import { clockState } from "@/lib/attendance/clock";
import { attendanceContext } from "@/lib/attendance/context";
import { employeeParams } from "@/lib/attendance/schemas";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

/** Whether the employee is clocked in now, and since when. */
export const GET = route({ access: "attendance:read-any", params: employeeParams }, async ({ params }) =>
  clockState(await attendanceContext(), { employeeId: params.id }),
);
