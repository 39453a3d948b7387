import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getClubFormat } from "@/console/i18n/server-format";
import { administersSystem, homeFor } from "@/console/role-home";
import { can, pageUser } from "@/console/server/session";
import type { Principal } from "@/lib/auth/authenticate";
import { serviceContext } from "@/lib/composition/services";
import { aggregatedReport } from "@/lib/health/reports";
import { WILDCARD } from "@/lib/roles/permissions";
import { roleListQuery } from "@/lib/roles/schemas";
import { listRoles } from "@/lib/roles/service";
import type { ServiceContext } from "@/lib/services/context";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import { listUsers } from "@/lib/users/admin";
import { type UserListQuery, userListQuery } from "@/lib/users/schemas";
import { Stat } from "../stat";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell.overview"))("metaTitle") };
}

async function userCounts(services: ServiceContext) {
  const count = async (status?: UserListQuery["status"]) =>
    (await listUsers(services, userListQuery.parse({ pageSize: 1, status }))).totalCount;
  const [total, active, inactive, blacklisted] = await Promise.all([
    count(),
    count("active"),
    count("inactive"),
    count("blacklisted"),
  ]);
  return { total, active, inactive, blacklisted };
}

async function roleCounts(services: ServiceContext) {
  const roles = await listRoles(services, roleListQuery.parse({ pageSize: 100 }));
  const builtIn = roles.items.filter((role) => role.isBuiltIn).length;
  return { total: roles.totalCount, builtIn, custom: roles.totalCount - builtIn };
}

async function AccountCard({ user }: { user: Principal }) {
  const t = await getTranslations("shell.overview.account");
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">{t("title")}</h2>
      <dl className="definition-list">
        <dt>{t("name")}</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>{t("email")}</dt>
        <dd>{user.email}</dd>
        <dt>{t("username")}</dt>
        <dd>{user.username}</dd>
        <dt>{t("roles")}</dt>
        <dd>{user.roles.length > 0 ? user.roles.join(", ") : t("noRoles")}</dd>
        <dt>{t("permissions")}</dt>
        <dd>
          {user.permissions.includes(WILDCARD)
            ? t("everyPermission")
            : t("permissionCount", { count: user.permissions.length })}
        </dd>
      </dl>
    </section>
  );
}

/**
 * The administrators' summary (accounts, roles, the system's health) and the home of a user whose permissions open
 * no other page (console/role-home.ts), who finds their account here and whom to ask.
 */
export default async function OverviewPage() {
  const user = await pageUser();
  if (!user) return null;
  const services = await serviceContext(user);
  const administrator = administersSystem(user);
  const [t, format, settings, users, roles, health] = await Promise.all([
    getTranslations("shell.overview"),
    getClubFormat(),
    getPlatformSettings(services.db),
    can(user, "users:read") ? userCounts(services) : null,
    can(user, "roles:read") ? roleCounts(services) : null,
    administrator ? aggregatedReport() : null,
  ]);
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">
        {t("welcome", { name: user.firstName })} {settings?.platformDescription ?? t("description")}
      </p>
      {homeFor(user) === "/overview" && (
        <p className="notice" role="note">
          {t("noAccess")}
        </p>
      )}
      {(users || roles || health) && (
        <div className="stats">
          {users && (
            <Stat
              label={t("users.label")}
              value={format.count(users.total)}
              detail={t("users.detail", {
                active: format.count(users.active),
                blocked: format.count(users.blacklisted),
                deactivated: format.count(users.inactive),
              })}
              href="/users"
              linkText={t("users.link")}
            />
          )}
          {roles && (
            <Stat
              label={t("roles.label")}
              value={format.count(roles.total)}
              detail={t("roles.detail", { builtIn: format.count(roles.builtIn), custom: format.count(roles.custom) })}
              href="/roles"
              linkText={t("roles.link")}
            />
          )}
          {health && (
            <Stat
              label={t("system.label")}
              value={t("system.status", { status: health.status })}
              detail={t("system.detail")}
              href="/system"
              linkText={t("system.link")}
            />
          )}
        </div>
      )}
      {users?.total === 1 && can(user, "users:write") && (
        <section className="card notice-card" aria-labelledby="next-heading">
          <h2 id="next-heading">{t("next.title")}</h2>
          <p>{t("next.body")}</p>
          <Link className="button button-primary" href="/users">
            {t("next.action")}
          </Link>
        </section>
      )}
      <AccountCard user={user} />
    </>
  );
}
