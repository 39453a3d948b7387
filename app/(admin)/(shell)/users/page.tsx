import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getPasswordHint } from "@/console/server/password-hint";
import { can, pageUser } from "@/console/server/session";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../forbidden";
import { UsersConsole } from "./users-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

export default async function UsersPage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("users");
  if (!can(user, "users:read")) return <Forbidden title={t("title")} permission="users:read" />;
  const policy = await getPasswordPolicy((await serviceContext(null)).db);
  return (
    <UsersConsole
      currentUserId={user.id}
      canWrite={can(user, "users:write")}
      canAddStaff={can(user, "users:write") && can(user, "employees:write")}
      canListRoles={can(user, "roles:read")}
      passwordHint={await getPasswordHint(policy)}
    />
  );
}
