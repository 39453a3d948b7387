import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { Dashboard } from "./dashboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "members:read")) return <Forbidden title="Dashboard" permission="members:read" />;
  return (
    <Dashboard
      canEnroll={can(user, "members:write") && can(user, "plans:read")}
      canManagePlans={can(user, "plans:write")}
    />
  );
}
