import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { RemittancesConsole } from "./remittances-console";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("remittances"))("title") };
}

export default async function RemittancesPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "billing:read"))
    return <Forbidden title={(await getTranslations("remittances"))("title")} permission="billing:read" />;
  return <RemittancesConsole canBuild={can(user, "billing:remittances")} />;
}
