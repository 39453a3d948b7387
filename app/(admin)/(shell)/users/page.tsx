import type { Metadata } from "next";
import { passwordHint } from "@/console/password-hint";
import { can, pageUser } from "@/console/server/session";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../forbidden";
import { UsersConsole } from "./users-console";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "users:read")) return <Forbidden title="Users" permission="users:read" />;
  const policy = await getPasswordPolicy((await serviceContext(null)).db);
  return (
    <UsersConsole
      currentUserId={user.id}
      canWrite={can(user, "users:write")}
      canListRoles={can(user, "roles:read")}
      passwordHint={passwordHint(policy)}
    />
  );
}
