import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { EmployeeDetail } from "./employee-detail";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("employees.detail"))("title") };
}

export default async function EmployeePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "employees:read"))
    return <Forbidden title={(await getTranslations("employees.detail"))("title")} permission="employees:read" />;
  const { id } = await params;
  return (
    <EmployeeDetail
      employeeId={id}
      allowed={{
        edit: can(user, "employees:write"),
        readAttendance: can(user, "attendance:read-any"),
        clockIn: can(user, "attendance:clock-in-any"),
        clockOut: can(user, "attendance:clock-out-any"),
      }}
    />
  );
}
