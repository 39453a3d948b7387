import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getPasswordHint } from "@/console/server/password-hint";
import { getPasswordPolicy } from "@/lib/auth/password-policy";
import { serviceContext } from "@/lib/composition/services";
import { findInvitation } from "@/lib/staff/invitation";
import { AcceptInvitationForm, InvalidInvitation } from "./accept-invitation-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("staff.accept"))("metaTitle") };
}

/** The emailed staff invitation: `/accept-invitation?token=…`. A dead link says so before anyone types a password. */
export default async function AcceptInvitationPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  if (typeof token !== "string" || token === "") return <InvalidInvitation reason="incomplete" />;
  const services = await serviceContext(null);
  const invitation = await findInvitation(services, token);
  if (!invitation) return <InvalidInvitation reason="expired" />;
  const hint = await getPasswordHint(await getPasswordPolicy(services.db));
  return <AcceptInvitationForm token={token} invitation={invitation} passwordHint={hint} />;
}
