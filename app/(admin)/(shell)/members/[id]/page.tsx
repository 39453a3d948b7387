import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { serviceContext } from "@/lib/composition/services";
import { bucketLimits } from "@/lib/platform/storage/limits";
import { Forbidden } from "../../forbidden";
import { MemberDetail } from "./member-detail";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("members.detail");
  return { title: t("title") };
}

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "members:read")) {
    const t = await getTranslations("members.detail");
    return <Forbidden title={t("title")} permission="members:read" />;
  }
  const { id } = await params;
  // Choosing a plan (subscribe, change plan) lists the plans.
  const plans = can(user, "plans:read");
  // The upload limits, so a file that is too large is refused before it is sent (the API checks again).
  const limits = bucketLimits((await serviceContext(null)).config);
  return (
    <MemberDetail
      memberId={id}
      allowed={{
        edit: can(user, "members:write"),
        remove: can(user, "members:delete"),
        readSubscriptions: can(user, "subscriptions:read"),
        subscribe: plans && can(user, "subscriptions:write"),
        changePlan: plans && can(user, "subscriptions:change_plan"),
        renew: can(user, "subscriptions:renew"),
        cancel: can(user, "subscriptions:cancel"),
        billing: { read: can(user, "billing:read"), write: can(user, "billing:write") },
        files: {
          read: can(user, "files:read"),
          write: can(user, "files:write"),
          remove: can(user, "files:delete"),
          readUsers: can(user, "users:read"),
        },
      }}
      limits={{ photo: limits["club-images"], document: limits["club-documents"] }}
    />
  );
}
