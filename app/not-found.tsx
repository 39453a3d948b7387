import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shell.notFound"))("metaTitle") };
}

/** Any address the console does not have: says so, and leads back to the user's home (or to sign in). */
export default async function NotFound() {
  const t = await getTranslations("shell.notFound");
  return (
    <div className="auth-shell">
      <Link href="/" className="brand">
        Club<span>Ops</span>
      </Link>
      <main className="auth-main">
        <div className="auth-card">
          <p className="not-found-code" aria-hidden="true">
            404
          </p>
          <h1>{t("title")}</h1>
          <p className="page-lead">{t("lead")}</p>
          <Link className="button button-primary" href="/">
            {t("home")}
          </Link>
        </div>
      </main>
    </div>
  );
}
