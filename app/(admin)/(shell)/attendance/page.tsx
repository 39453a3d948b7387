import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../forbidden";
import { MyAttendance } from "./my-attendance";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My attendance" };

export default async function MyAttendancePage() {
  const user = await pageUser();
  if (!user) return null;
  const allowed = {
    clock: can(user, "attendance:clock-in"),
    read: can(user, "attendance:read"),
    readRequests: can(user, "attendance-requests:read"),
    request: can(user, "attendance-requests:write"),
  };
  if (!allowed.clock && !allowed.read) return <Forbidden title="My attendance" permission="attendance:read" />;
  // Attendance days are the club's calendar days: the page reads and writes times on its clocks.
  const { club } = await serviceContext(null);
  return <MyAttendance allowed={allowed} timeZone={club.timeZone} canManageEmployees={can(user, "employees:write")} />;
}
