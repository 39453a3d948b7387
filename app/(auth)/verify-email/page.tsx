import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VerifyEmail } from "./verify-email";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.verifyEmail"))("metaTitle") };
}

/** The emailed confirmation link: `/verify-email?token=…`. */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <VerifyEmail token={typeof token === "string" ? token : ""} />;
}
