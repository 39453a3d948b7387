import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { can, pageUser } from "@/console/server/session";
import { BillingNotStarted } from "@/console/ui/billing-not-started";
import type { Principal } from "@/lib/auth/authenticate";
import { readClubTaxData } from "@/lib/billing/tax-data";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../forbidden";

/**
 * The frame of a billing report page (the overdue list, the revenue report): for holders of billing:read, its title
 * and lead, the "billing has not started" card until the club's tax data is complete, then the report for `user`.
 */
export async function BillingReportPage({
  messages,
  children,
}: {
  messages: "billingReports.overdue" | "billingReports.report" | "billingReports.books";
  children: (user: Principal) => ReactNode;
}) {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations(messages);
  if (!can(user, "billing:read")) return <Forbidden title={t("title")} permission="billing:read" />;
  const { billingStarted } = await readClubTaxData((await serviceContext(null)).db);
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">{t("lead")}</p>
      {!billingStarted && <BillingNotStarted settingsLink={can(user, "settings:write")} />}
      {children(user)}
    </>
  );
}
