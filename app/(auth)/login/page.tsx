import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { redirectSignedIn, setupStatus } from "@/console/server/session";
import { signInDestination } from "@/console/sign-in-destination";
import { getConfig } from "@/lib/config";
import { LoginForm } from "./login-form";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signIn"))("metaTitle") };
}

/** After signing in the form follows `callbackUrl`, so only a path of this site is passed on (else the console's home). */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  if ((await setupStatus()) === "incomplete") redirect("/setup");
  await redirectSignedIn();
  return <LoginForm destination={signInDestination((await searchParams).callbackUrl, getConfig().APP_URL)} />;
}
