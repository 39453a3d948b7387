import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { HolidayListsConsole } from "./holiday-lists-console";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Holiday lists" };

export default async function HolidayListsPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "employees:read")) return <Forbidden title="Holiday lists" permission="employees:read" />;
  return <HolidayListsConsole canWrite={can(user, "employees:write")} />;
}
