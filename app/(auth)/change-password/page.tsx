import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { passwordHint } from "@/console/password-hint";
import { consoleAccess } from "@/console/server/session";
import { SessionRenewal } from "@/console/ui/session-renewal";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { ChangePasswordForm } from "./change-password-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Change password" };

/** Reached from the account menu, or forced: every console page sends a user with a temporary password here. */
export default async function ChangePasswordPage() {
  const access = await consoleAccess();
  if (access.state === "signed-out") redirect("/login");
  if (access.state === "renewing") return <SessionRenewal />;
  const policy = await getPasswordPolicy((await serviceContext(null)).db);
  return <ChangePasswordForm forced={access.user.mustChangePassword} passwordHint={passwordHint(policy)} />;
}
