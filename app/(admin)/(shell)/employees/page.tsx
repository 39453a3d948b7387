import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { EmployeesConsole } from "./employees-console";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("employees"))("title") };
}

export default async function EmployeesPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "employees:read"))
    return <Forbidden title={(await getTranslations("employees"))("title")} permission="employees:read" />;
  // Adding an employee picks one of the users.
  return <EmployeesConsole canAdd={can(user, "employees:write") && can(user, "users:read")} />;
}
