import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ConfirmEmailChange } from "./confirm-email-change";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.confirmEmailChange"))("metaTitle") };
}

/** The link mailed to a new address after staff changed an account's email: `/confirm-email-change?token=…`. */
export default async function ConfirmEmailChangePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <ConfirmEmailChange token={typeof token === "string" ? token : ""} />;
}
