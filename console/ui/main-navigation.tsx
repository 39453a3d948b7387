"use client";

import "client-only";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

export type NavigationEntry = { href: string; label: string };

const covers = (href: string, pathname: string) =>
  pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));

/**
 * The console's main navigation. The current page is the entry that covers the path most closely (its
 * sub-pages included), so /attendance/requests marks "Requests queue" and not "My attendance" as well.
 */
export function MainNavigation({ entries }: { entries: readonly NavigationEntry[] }) {
  const pathname = usePathname();
  const t = useTranslations("common.navigation");
  const current = entries
    .filter((entry) => covers(entry.href, pathname))
    .reduce<NavigationEntry | null>(
      (best, entry) => (best && best.href.length >= entry.href.length ? best : entry),
      null,
    );
  return (
    <nav aria-label={t("label")}>
      <ul className="nav">
        {entries.map((entry) => (
          <li key={entry.href}>
            <Link href={entry.href} aria-current={entry === current ? "page" : undefined}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
