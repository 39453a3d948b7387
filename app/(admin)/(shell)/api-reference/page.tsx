import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageUser } from "@/console/server/session";
import { ApiReference } from "./api-reference";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiReference"))("title") };
}

/** Every signed-in user may read the reference (the document itself is public); "Try it" acts with their own permissions. */
export default async function ApiReferencePage() {
  const user = await pageUser();
  if (!user) return null;
  return <ApiReference permissions={user.permissions} />;
}
