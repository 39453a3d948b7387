import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { MailOutbox } from "./mail-outbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mail" };

export default async function MailPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "mail:read")) return <Forbidden title="Mail" permission="mail:read" />;
  return <MailOutbox canRetry={can(user, "mail:write")} />;
}
