import type { Metadata } from "next";
import { VerifyEmail } from "./verify-email";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your email" };

/** The emailed confirmation link: `/verify-email?token=…`. */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <VerifyEmail token={typeof token === "string" ? token : ""} />;
}
