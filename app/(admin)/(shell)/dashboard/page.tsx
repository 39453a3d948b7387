import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { Dashboard } from "./dashboard";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

export default async function DashboardPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "members:read")) {
    const t = await getTranslations("dashboard");
    return <Forbidden title={t("title")} permission="members:read" />;
  }
  return (
    <Dashboard
      canEnroll={can(user, "members:write") && can(user, "plans:read")}
      canManagePlans={can(user, "plans:write")}
    />
  );
}
