import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { passwordHintWords } from "@/console/server/password-hint-words";
import { consoleAccess } from "@/console/server/session";
import { signInPageFor } from "@/console/sign-in-destination";
import { SessionRenewal } from "@/console/ui/session-renewal";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { ChangePasswordForm } from "./change-password-form";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.changePassword"))("metaTitle") };
}

/** Reached from the account menu, or forced: every console page sends a user with a temporary password here. */
export default async function ChangePasswordPage() {
  const access = await consoleAccess();
  if (access.state === "signed-out") redirect(signInPageFor("/change-password"));
  if (access.state === "renewing") return <SessionRenewal />;
  const policy = await getPasswordPolicy((await serviceContext(null)).db);
  return <ChangePasswordForm forced={access.user.mustChangePassword} passwordHint={await passwordHintWords(policy)} />;
}
