import Link from "next/link";
import { useTranslations } from "next-intl";

/**
 * Says that no invoice is issued until the club's tax data is complete (docs/billing.md, When billing starts), on
 * every billing page and on the settings page; `settingsLink` offers the way there to those who may change settings; the others are told whom to ask.
 */
export function BillingNotStarted({ settingsLink }: { settingsLink: boolean }) {
  const t = useTranslations("billingReports.notStarted");
  return (
    <section className="card notice-card billing-not-started" aria-labelledby="billing-not-started-title">
      <h2 id="billing-not-started-title" className="empty-state-title">
        {t("title")}
      </h2>
      <p>{t("body")}</p>
      {settingsLink ? (
        <Link className="button" href="/settings#billing">
          {t("link")}
        </Link>
      ) : (
        <p>{t("ask")}</p>
      )}
    </section>
  );
}
