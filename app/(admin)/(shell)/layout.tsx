import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { can, consoleAccess, setupStatus } from "@/console/server/session";
import { MainNavigation } from "@/console/ui/main-navigation";
import { SessionRenewal } from "@/console/ui/session-renewal";
import { ownLanguageOf } from "@/lib/auth/own-language";
import { serviceContext } from "@/lib/composition/services";
import type { Permission } from "@/lib/roles/permissions";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import { AccountMenu } from "./account-menu";

/** Navigation entries, each shown only to holders of its permission. */
const NAVIGATION: readonly { href: string; label: string; permission?: Permission }[] = [
  { href: "/", label: "Overview" },
  { href: "/dashboard", label: "Dashboard", permission: "members:read" },
  { href: "/members", label: "Members", permission: "members:read" },
  { href: "/plans", label: "Plans", permission: "plans:read" },
  { href: "/attendance", label: "My attendance", permission: "attendance:read" },
  { href: "/attendance/requests", label: "Requests queue", permission: "attendance-requests:manage" },
  { href: "/employees", label: "Employees", permission: "employees:read" },
  { href: "/holiday-lists", label: "Holiday lists", permission: "employees:read" },
  { href: "/users", label: "Users", permission: "users:read" },
  { href: "/roles", label: "Roles", permission: "roles:read" },
  { href: "/mail", label: "Mail", permission: "mail:read" },
  { href: "/audit", label: "Audit log", permission: "audit:read" },
  { href: "/settings", label: "Settings", permission: "settings:read" },
  { href: "/system", label: "System health" },
  { href: "/api-reference", label: "API reference" },
];

/** The console's frame; ../error.tsx catches what fails here (this layout is the first to reach the database). */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  if ((await setupStatus()) === "incomplete") redirect("/setup");
  const access = await consoleAccess();
  if (access.state === "signed-out") redirect("/login");
  if (access.state === "renewing") return <SessionRenewal />;
  const { user } = access;
  if (user.mustChangePassword) redirect("/change-password");
  const { db, club } = await serviceContext(null);
  const settings = await getPlatformSettings(db);
  return (
    <div className="shell">
      <aside className="sidebar">
        <Link href="/" className="brand">
          Club<span>Ops</span>
        </Link>
        {settings && <p className="platform-name">{settings.platformName}</p>}
        <MainNavigation
          entries={NAVIGATION.filter((entry) => !entry.permission || can(user, entry.permission)).map(
            ({ href, label }) => ({ href, label }),
          )}
        />
        <AccountMenu
          name={`${user.firstName} ${user.lastName}`}
          email={user.email}
          role={user.roles.length > 0 ? user.roles.join(", ") : null}
          language={ownLanguageOf(user.language)}
          clubLanguage={club.language}
        />
      </aside>
      <main className="main">{children}</main>
    </div>
  );
}
