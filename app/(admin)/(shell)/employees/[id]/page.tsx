import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../../forbidden";
import { EmployeeDetail } from "./employee-detail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Employee" };

export default async function EmployeePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "employees:read")) return <Forbidden title="Employee" permission="employees:read" />;
  const { id } = await params;
  const { club } = await serviceContext(null);
  return (
    <EmployeeDetail
      employeeId={id}
      timeZone={club.timeZone}
      allowed={{
        edit: can(user, "employees:write"),
        readAttendance: can(user, "attendance:read-any"),
        clockIn: can(user, "attendance:clock-in-any"),
        clockOut: can(user, "attendance:clock-out-any"),
      }}
    />
  );
}
