import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../../forbidden";
import { RemittanceBuilder } from "./remittance-builder";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("remittances.builder"))("title") };
}

export default async function NewRemittancePage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "billing:remittances"))
    return (
      <Forbidden title={(await getTranslations("remittances.builder"))("title")} permission="billing:remittances" />
    );
  return <RemittanceBuilder />;
}
