import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { RolesConsole } from "./roles-console";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Roles" };

export default async function RolesPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "roles:read")) return <Forbidden title="Roles" permission="roles:read" />;
  return <RolesConsole canWrite={can(user, "roles:write")} canListPermissions={can(user, "permissions:read")} />;
}
