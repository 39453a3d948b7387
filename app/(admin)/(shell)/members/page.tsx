import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { MembersConsole } from "./members-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("members.list");
  return { title: t("title") };
}

export default async function MembersPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "members:read")) {
    const t = await getTranslations("members.list");
    return <Forbidden title={t("title")} permission="members:read" />;
  }
  const canWrite = can(user, "members:write");
  // Enrolling picks a plan from the list of plans.
  return <MembersConsole canWrite={canWrite} canEnroll={canWrite && can(user, "plans:read")} />;
}
