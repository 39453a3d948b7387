import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../forbidden";
import { PlansConsole } from "./plans-console";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Plans" };

export default async function PlansPage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "plans:read")) return <Forbidden title="Plans" permission="plans:read" />;
  const { club } = await serviceContext(null);
  return (
    <PlansConsole
      canWrite={can(user, "plans:write")}
      canDeactivate={can(user, "plans:delete")}
      currency={club.currency}
    />
  );
}
