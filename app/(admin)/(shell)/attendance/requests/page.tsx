import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../forbidden";
import { RequestsQueue } from "./requests-queue";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("attendance.queue"))("title") };
}

export default async function RequestsQueuePage() {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "attendance-requests:manage"))
    return (
      <Forbidden title={(await getTranslations("attendance.queue"))("title")} permission="attendance-requests:manage" />
    );
  // Filtering by employee lists the employees.
  return <RequestsQueue currentUserId={user.id} canListEmployees={can(user, "employees:read")} />;
}
