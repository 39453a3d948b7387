import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { MailDetail } from "./mail-detail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mail" };

export default async function MailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "mail:read")) return <Forbidden title="Mail" permission="mail:read" />;
  const { id } = await params;
  return <MailDetail mailId={id} canRetry={can(user, "mail:write")} />;
}
