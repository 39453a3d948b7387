import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { MyAttendance } from "./my-attendance";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("attendance.mine"))("title") };
}

export default async function MyAttendancePage() {
  const user = await pageUser();
  if (!user) return null;
  const allowed = {
    clock: can(user, "attendance:clock-in"),
    read: can(user, "attendance:read"),
    readRequests: can(user, "attendance-requests:read"),
    request: can(user, "attendance-requests:write"),
  };
  const t = await getTranslations("attendance.mine");
  if (!allowed.clock && !allowed.read) return <Forbidden title={t("title")} permission="attendance:read" />;
  // Attendance days are the club's calendar days: the page reads and writes times on its clocks (next-intl's zone).
  return <MyAttendance allowed={allowed} canManageEmployees={can(user, "employees:write")} />;
}
