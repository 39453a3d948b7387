import Link from "next/link";
import { getClubFormat } from "@/console/i18n/server-format";
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
import { Stat } from "./stat";

export const dynamic = "force-dynamic";

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

function AccountCard({ user }: { user: Principal }) {
  const everything = user.permissions.includes(WILDCARD);
  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">Your account</h2>
      <dl className="definition-list">
        <dt>Name</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Roles</dt>
        <dd>{user.roles.length > 0 ? user.roles.join(", ") : "None"}</dd>
        <dt>Permissions</dt>
        <dd>
          {everything
            ? "Every permission"
            : `${user.permissions.length} permission${user.permissions.length === 1 ? "" : "s"}`}
        </dd>
      </dl>
    </section>
  );
}

export default async function OverviewPage() {
  const user = await pageUser();
  if (!user) return null;
  const services = await serviceContext(user);
  const [format, settings, users, roles, health] = await Promise.all([
    getClubFormat(),
    getPlatformSettings(services.db),
    can(user, "users:read") ? userCounts(services) : null,
    can(user, "roles:read") ? roleCounts(services) : null,
    aggregatedReport(),
  ]);
  return (
    <>
      <h1 className="page-title">Overview</h1>
      <p className="page-lead">
        Welcome, {user.firstName}.{" "}
        {settings?.platformDescription ?? "The back office of your club: members, subscriptions and staff attendance."}
      </p>
      <div className="stats">
        {users && (
          <Stat
            label="Users"
            value={format.count(users.total)}
            detail={`${users.active} active · ${users.blacklisted} blocked · ${users.inactive} deactivated`}
            href="/users"
            linkText="Manage users"
          />
        )}
        {roles && (
          <Stat
            label="Roles"
            value={format.count(roles.total)}
            detail={`${roles.builtIn} built-in · ${roles.custom} custom`}
            href="/roles"
            linkText="Manage roles"
          />
        )}
        <Stat
          label="System"
          value={health.status}
          detail={`Checked in ${health.totalDuration}`}
          href="/system"
          linkText="System health"
        />
      </div>
      {users?.total === 1 && can(user, "users:write") && (
        <section className="card notice-card" aria-labelledby="next-heading">
          <h2 id="next-heading">Next: bring in your staff</h2>
          <p>
            Create an account for each member of staff with a temporary password and the roles they need. They choose
            their own password the first time they sign in.
          </p>
          <Link className="button button-primary" href="/users">
            Add users
          </Link>
        </section>
      )}
      <AccountCard user={user} />
    </>
  );
}
