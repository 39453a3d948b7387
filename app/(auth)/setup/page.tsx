import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { passwordHint } from "@/console/password-hint";
import { redirectSignedIn, setupStatus } from "@/console/server/session";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import { SetupWizard } from "./setup-wizard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up" };

/** First run only: once a user exists the wizard is gone for good. */
export default async function SetupPage() {
  if ((await setupStatus()) === "complete") {
    await redirectSignedIn();
    redirect("/login");
  }
  const { db } = await serviceContext(null);
  const [settings, policy] = await Promise.all([getPlatformSettings(db), getPasswordPolicy(db)]);
  return <SetupWizard initialPlatform={settings} passwordHint={passwordHint(policy)} />;
}
