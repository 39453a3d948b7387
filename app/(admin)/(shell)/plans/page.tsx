import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { clubLocale } from "@/console/i18n/request";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { PlansConsole } from "./plans-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("plans.list");
  return { title: t("title") };
}

export default async function PlansPage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("plans.list");
  if (!can(user, "plans:read")) return <Forbidden title={t("title")} permission="plans:read" />;
  const { currency } = await clubLocale();
  return (
    <PlansConsole canWrite={can(user, "plans:write")} canDeactivate={can(user, "plans:delete")} currency={currency} />
  );
}
