import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { administersSystem, homeFor } from "@/console/role-home";
import { REQUESTED_PAGE_HEADER } from "@/console/server/front-door";
import { can, consoleAccess, setupStatus } from "@/console/server/session";
import { signInPageFor } from "@/console/sign-in-destination";
import { MainNavigation, Sidebar } from "@/console/ui/main-navigation";
import { SessionRenewal } from "@/console/ui/session-renewal";
import type { Principal } from "@/lib/auth/authenticate";
import { ownLanguageOf } from "@/lib/auth/own-language";
import { serviceContext } from "@/lib/composition/services";
import type { Permission } from "@/lib/roles/permissions";
import { getPlatformSettings } from "@/lib/settings/platform-settings";
import type { Messages } from "@/messages";
import { AccountMenu } from "./account-menu";

type EntryLabel = keyof Messages["shell"]["navigation"]["entries"];
type GroupLabel = keyof Messages["shell"]["navigation"]["groups"];

/**
 * Who sees an entry: holders of a permission, those who administer the system (console/role-home.ts), or a test of
 * the user.
 */
type Audience = Permission | "administrators" | ((user: Principal) => boolean);

/** Navigation in groups; each entry is shown only to its audience, and a group without entries is left out. */
const NAVIGATION: readonly {
  group: GroupLabel;
  entries: readonly { href: string; label: EntryLabel; for: Audience }[];
}[] = [
  {
    group: "club",
    entries: [
      { href: "/dashboard", label: "dashboard", for: "members:read" },
      { href: "/members", label: "members", for: "members:read" },
      { href: "/plans", label: "plans", for: "plans:read" },
    ],
  },
  {
    group: "billing",
    entries: [
      { href: "/billing/invoices", label: "invoices", for: "billing:read" },
      { href: "/billing/overdue", label: "overdue", for: "billing:read" },
      { href: "/billing/remittances", label: "remittances", for: "billing:read" },
      { href: "/billing/report", label: "revenue", for: "billing:read" },
      { href: "/billing/books", label: "books", for: "billing:read" },
    ],
  },
  {
    group: "staff",
    entries: [
      {
        href: "/attendance",
        label: "attendance",
        for: (user) => can(user, "attendance:read") || can(user, "attendance:clock-in"),
      },
      { href: "/attendance/requests", label: "requests", for: "attendance-requests:manage" },
      { href: "/employees", label: "employees", for: "employees:read" },
      { href: "/holiday-lists", label: "holidayLists", for: "employees:read" },
    ],
  },
  {
    group: "administration",
    entries: [
      { href: "/users", label: "users", for: "users:read" },
      { href: "/roles", label: "roles", for: "roles:read" },
      { href: "/mail", label: "mail", for: "mail:read" },
      { href: "/audit", label: "audit", for: "audit:read" },
      { href: "/settings", label: "settings", for: "settings:read" },
    ],
  },
  {
    group: "system",
    entries: [
      // The overview is the administrators' summary of accounts and health, and the home of whoever has no other.
      { href: "/overview", label: "overview", for: (user) => administersSystem(user) || homeFor(user) === "/overview" },
      { href: "/system", label: "system", for: "administrators" },
      { href: "/api-reference", label: "apiReference", for: "administrators" },
    ],
  },
];

const reaches = (user: Principal, audience: Audience) =>
  typeof audience === "function"
    ? audience(user)
    : audience === "administrators"
      ? administersSystem(user)
      : can(user, audience);

/** The console's frame; ../error.tsx catches what fails here (this layout is the first to reach the database). */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  if ((await setupStatus()) === "incomplete") redirect("/setup");
  const access = await consoleAccess();
  if (access.state === "signed-out") redirect(signInPageFor((await headers()).get(REQUESTED_PAGE_HEADER)));
  if (access.state === "renewing") return <SessionRenewal />;
  const { user } = access;
  if (user.mustChangePassword) redirect("/change-password");
  const { db, club } = await serviceContext(null);
  const [settings, t] = await Promise.all([getPlatformSettings(db), getTranslations("shell")]);
  const groups = NAVIGATION.map(({ group, entries }) => ({
    label: t(`navigation.groups.${group}`),
    entries: entries
      .filter((entry) => reaches(user, entry.for))
      .map(({ href, label }) => ({ href, label: t(`navigation.entries.${label}`) })),
  })).filter((group) => group.entries.length > 0);
  return (
    <>
      <a className="skip-link" href="#content">
        {t("skipLink")}
      </a>
      <div className="shell">
        <Sidebar
          menuLabel={t("menu")}
          brand={
            <div className="brand-block">
              <Link href="/" className="brand">
                Club<span>Ops</span>
              </Link>
              {settings && <p className="platform-name">{settings.platformName}</p>}
            </div>
          }
        >
          <MainNavigation groups={groups} />
          <AccountMenu
            name={`${user.firstName} ${user.lastName}`}
            email={user.email}
            role={user.roles.length > 0 ? user.roles.join(", ") : null}
            language={ownLanguageOf(user.language)}
            clubLanguage={club.language}
          />
        </Sidebar>
        <main className="main" id="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </>
  );
}
