import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../../forbidden";
import { RequestsQueue } from "./requests-queue";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Correction requests" };

export default async function RequestsQueuePage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "attendance-requests:manage"))
    return <Forbidden title="Correction requests" permission="attendance-requests:manage" />;
  const { club } = await serviceContext(null);
  // Filtering by employee lists the employees.
  return (
    <RequestsQueue currentUserId={user.id} canListEmployees={can(user, "employees:read")} timeZone={club.timeZone} />
  );
}
