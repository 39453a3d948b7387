"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import styles from "./mail.module.css";

const TABS = [
  { href: "/mail", label: "outbox" },
  { href: "/mail/templates", label: "templates" },
] as const;

/** Outbox and Templates, the two views of the Mail page. A message's page belongs to the outbox. */
export function MailTabs() {
  const t = useTranslations("mail.tabs");
  const pathname = usePathname();
  const current = pathname.startsWith("/mail/templates") ? "/mail/templates" : "/mail";
  return (
    <nav aria-label={t("label")}>
      <ul className={styles.tabs}>
        {TABS.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={tab.href === current ? "page" : undefined}>
              {t(tab.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
