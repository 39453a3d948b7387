import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { passwordHint } from "@/console/password-hint";
import { redirectSignedIn, setupStatus } from "@/console/server/session";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { isClubLanguage } from "@/lib/settings/languages";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import { SetupWizard } from "./setup-wizard";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.setup"))("title") };
}

/** First run only: once a user exists the wizard is gone for good. */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ code?: string | string[] }> }) {
  if ((await setupStatus()) === "complete") {
    await redirectSignedIn();
    redirect("/login");
  }
  const { db, club } = await serviceContext(null);
  const [settings, policy, language] = await Promise.all([getPlatformSettings(db), getPasswordPolicy(db), getLocale()]);
  // Before the club is named: the language the page speaks, the configured zone and currency (or what step 1 stored).
  const locale = { ...club, language: isClubLanguage(language) ? language : club.language };
  // The link the server prints at start carries the setup code (lib/setup/setup-code.ts).
  const { code } = await searchParams;
  return (
    <SetupWizard
      initialPlatform={settings}
      initialSetupCode={typeof code === "string" ? code : ""}
      locale={locale}
      passwordHint={passwordHint(policy)}
    />
  );
}
