import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import styles from "./mail.module.css";

/**
 * A defence in depth on top of the sandbox: no scripts, frames, forms or fetches, only inline styles and images,
 * whatever the HTML holds (the templates escape their props, but stored mail is shown as it was sent).
 */
const CONTENT_POLICY =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; font-src data: https:\">";

/**
 * An email's HTML in an iframe with `sandbox=""`: an opaque origin with every permission off (no scripts,
 * no forms, no navigation of the console), so the email cannot reach the console's session or page.
 */
export function EmailFrame({
  title,
  subject,
  html,
  children,
}: {
  title: string;
  subject: string | null;
  html: string;
  children?: ReactNode;
}) {
  const t = useTranslations("mail.frame");
  return (
    <section className={`card ${styles.frameCard}`} aria-label={title}>
      <div className={styles.frameHeader}>
        <h2>{title}</h2>
        {subject && <p className={styles.frameSubject}>{t("subject", { subject })}</p>}
        {children}
      </div>
      <div className={styles.frameBox}>
        <iframe
          className={styles.frame}
          title={`${title}: ${subject ?? t("email")}`}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={CONTENT_POLICY + html}
        />
      </div>
    </section>
  );
}
