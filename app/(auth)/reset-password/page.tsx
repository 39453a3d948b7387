import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { passwordHintWords } from "@/console/server/password-hint-words";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { ResetPasswordForm } from "./reset-password-form";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.resetPassword"))("metaTitle") };
}

/** The emailed reset link: `/reset-password?token=…`. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const policy = await getPasswordPolicy((await serviceContext(null)).db);
  return (
    <ResetPasswordForm token={typeof token === "string" ? token : ""} passwordHint={await passwordHintWords(policy)} />
  );
}
