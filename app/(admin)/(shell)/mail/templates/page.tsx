import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { TemplatePreviews } from "./template-previews";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("mail.templates"))("title") };
}

export default async function MailTemplatesPage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("mail.templates");
  if (!can(user, "mail:read")) return <Forbidden title={t("title")} permission="mail:read" />;
  return <TemplatePreviews />;
}
