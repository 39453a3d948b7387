import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

/** Setup, sign-in and password pages: one card in the middle of the page. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("shell");
  return (
    <div className="auth-shell">
      <a className="skip-link" href="#content">
        {t("skipLink")}
      </a>
      <Link href="/" className="brand">
        Club<span>Ops</span>
      </Link>
      <main className="auth-main" id="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
