import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { TemplatePreviews } from "./template-previews";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Email templates" };

export default async function MailTemplatesPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "mail:read")) return <Forbidden title="Email templates" permission="mail:read" />;
  return <TemplatePreviews />;
}
