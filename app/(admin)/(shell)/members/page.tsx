import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { MembersConsole } from "./members-console";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "members:read")) return <Forbidden title="Members" permission="members:read" />;
  const canWrite = can(user, "members:write");
  // Enrolling picks a plan from the list of plans.
  return <MembersConsole canWrite={canWrite} canEnroll={canWrite && can(user, "plans:read")} />;
}
