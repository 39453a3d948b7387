import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../../forbidden";
import { RemittanceDetail } from "./remittance-detail";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("remittances.detail"))("title") };
}

export default async function RemittancePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "billing:read"))
    return <Forbidden title={(await getTranslations("remittances.detail"))("title")} permission="billing:read" />;
  const { id } = await params;
  return <RemittanceDetail remittanceId={id} canManage={can(user, "billing:remittances")} />;
}
