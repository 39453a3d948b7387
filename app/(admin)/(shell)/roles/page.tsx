import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../forbidden";
import { RolesConsole } from "./roles-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("roles"))("title") };
}

export default async function RolesPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "roles:read"))
    return <Forbidden title={(await getTranslations("roles"))("title")} permission="roles:read" />;
  return <RolesConsole canWrite={can(user, "roles:write")} canListPermissions={can(user, "permissions:read")} />;
}
