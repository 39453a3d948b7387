import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { MailDetail } from "./mail-detail";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("mail"))("title") };
}

export default async function MailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("mail");
  if (!can(user, "mail:read")) return <Forbidden title={t("title")} permission="mail:read" />;
  const { id } = await params;
  return <MailDetail mailId={id} canRetry={can(user, "mail:write")} />;
}
