import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { StaffForm } from "./staff-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("staff.new"))("title") };
}

/** "Add staff member": the account, its role, the employee record and the emailed invitation in one form. */
export default async function NewStaffMemberPage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("staff.new");
  // POST /api/staff needs both: it creates an account and an employee record.
  if (!can(user, "users:write")) return <Forbidden title={t("title")} permission="users:write" />;
  if (!can(user, "employees:write")) return <Forbidden title={t("title")} permission="employees:write" />;
  return (
    <StaffForm
      grantablePermissions={user.permissions}
      canListRoles={can(user, "roles:read")}
      canListHolidayLists={can(user, "employees:read")}
    />
  );
}
