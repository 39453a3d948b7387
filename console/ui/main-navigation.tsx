"use client";

import "client-only";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

type NavigationEntry = { href: string; label: string };
type NavigationGroup = { label: string; entries: readonly NavigationEntry[] };

const covers = (href: string, pathname: string) =>
  pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));

/**
 * A navigation entry that loads its page ahead only when the reader points at it or tabs to it. Prefetched on sight,
 * as links are by default, the twenty-odd entries of a desktop sidebar made the server render twenty pages for every
 * page view (measured in the billing journey: the page's own data waited 60 s behind them on a busy 2-core machine).
 */
function NavigationLink({ entry, current }: { entry: NavigationEntry; current: boolean }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(entry.href);
  return (
    <Link
      href={entry.href}
      prefetch={false}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      aria-current={current ? "page" : undefined}
    >
      {entry.label}
    </Link>
  );
}

/**
 * The console's main navigation, in groups. The current page is the entry that covers the path most closely (its
 * sub-pages included), so /attendance/requests marks "Requests queue" and not "My attendance" as well.
 */
export function MainNavigation({ groups }: { groups: readonly NavigationGroup[] }) {
  const pathname = usePathname();
  const t = useTranslations("common.navigation");
  const groupId = useId();
  const current = groups
    .flatMap((group) => group.entries)
    .filter((entry) => covers(entry.href, pathname))
    .reduce<NavigationEntry | null>(
      (best, entry) => (best && best.href.length >= entry.href.length ? best : entry),
      null,
    );
  return (
    <nav aria-label={t("label")}>
      {groups.map((group, index) => (
        <div key={group.label} className="nav-group">
          <p className="nav-group-label" id={`${groupId}-${index}`}>
            {group.label}
          </p>
          <ul className="nav" aria-labelledby={`${groupId}-${index}`}>
            {group.entries.map((entry) => (
              <li key={entry.href}>
                <NavigationLink entry={entry} current={entry === current} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The sidebar: on a desktop, the brand, the navigation and the account menu in a column; on a phone (CSS, under
 * 760 px) a bar with the brand and a Menu button that shows and hides the rest, so each page starts with its own
 * content. The menu closes on Escape (focus back on the button) and when a page is chosen.
 */
export function Sidebar({ brand, menuLabel, children }: { brand: ReactNode; menuLabel: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A new page closes the menu (a link in it was followed); so does a link to the page already open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not read
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    const closeOnLink = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
    };
    const element = panel.current;
    element?.addEventListener("click", closeOnLink);
    return () => element?.removeEventListener("click", closeOnLink);
  }, []);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);
  return (
    <aside className="sidebar">
      <div className="sidebar-bar">
        {brand}
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <span className="menu-button-icon" aria-hidden="true" />
          {menuLabel}
        </button>
      </div>
      <div id={panelId} ref={panel} className="sidebar-panel" data-open={open}>
        {children}
      </div>
    </aside>
  );
}
