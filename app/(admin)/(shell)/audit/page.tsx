import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { AuditConsole } from "./audit-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("title") };
}

export default async function AuditPage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("audit");
  if (!can(user, "audit:read")) return <Forbidden title={t("title")} permission="audit:read" />;
  // Names in the sentences link to the pages this user may open.
  const linkable = {
    member: can(user, "members:read"),
    employee: can(user, "employees:read"),
    holiday_list: can(user, "employees:read"),
    plan: can(user, "plans:read"),
    role: can(user, "roles:read"),
    mail: can(user, "mail:read"),
  };
  return <AuditConsole linkable={linkable} />;
}
