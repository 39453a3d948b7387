import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageUser } from "@/console/server/session";
import { getConfig } from "@/lib/config";
import { SignInsConsole } from "./sign-ins-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signIns"))("title") };
}

/** Everyone's own page: where they are signed in, one sign-in ended, or all of them. */
export default async function SignInsPage() {
  const user = await pageUser();
  if (!user) return null;
  return <SignInsConsole idleHours={Math.round(getConfig().SESSION_IDLE_MINUTES / 60)} />;
}
