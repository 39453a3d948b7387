import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { AuditConsole } from "./audit-console";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "audit:read")) return <Forbidden title="Audit log" permission="audit:read" />;
  return <AuditConsole />;
}
