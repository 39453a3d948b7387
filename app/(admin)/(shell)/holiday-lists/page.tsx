import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { HolidayListsConsole } from "./holiday-lists-console";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("holidayLists"))("title") };
}

export default async function HolidayListsPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "employees:read"))
    return <Forbidden title={(await getTranslations("holidayLists"))("title")} permission="employees:read" />;
  return <HolidayListsConsole canWrite={can(user, "employees:write")} />;
}
