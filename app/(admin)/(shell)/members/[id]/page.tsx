import type { Metadata } from "next";
import { can, pageUser } from "@/lib/console/session";
import { Forbidden } from "../../forbidden";
import { MemberDetail } from "./member-detail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Member" };

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "members:read")) return <Forbidden title="Member" permission="members:read" />;
  const { id } = await params;
  // Choosing a plan (subscribe, change plan) lists the plans.
  const plans = can(user, "plans:read");
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
      }}
    />
  );
}
