import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Permission } from "@/lib/roles/permissions";

/** The access a page needs, in the words of messages/<language>/shell.json's `forbidden.needs`. */
const AREAS = {
  members: "members",
  plans: "plans",
  attendance: "attendance",
  "attendance-requests": "attendanceRequests",
  employees: "employees",
  users: "users",
  roles: "roles",
  mail: "mail",
  audit: "audit",
  billing: "billing",
} as const;

function areaOf(permission: Permission) {
  const entity = permission.split(":")[0] ?? "";
  return entity in AREAS ? AREAS[entity as keyof typeof AREAS] : "other";
}

/**
 * What a signed-in user without the page's permission sees instead of it: what the page is for, in words (never the
 * permission's code), whom to ask, and the way to their home.
 */
export async function Forbidden({ title, permission }: { title: string; permission: Permission }) {
  const t = await getTranslations("shell.forbidden");
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <div className="card empty-state" role="note">
        <p className="empty-state-title">{t("title")}</p>
        <p>{t("needs", { area: areaOf(permission) })}</p>
        <p>{t("ask")}</p>
        <Link className="button" href="/">
          {t("home")}
        </Link>
      </div>
    </>
  );
}
