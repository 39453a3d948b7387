import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { BillingNotStarted } from "@/console/ui/billing-not-started";
import { readClubTaxData } from "@/lib/billing/tax-data";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../../forbidden";
import { OverdueInvoices } from "./overdue-invoices";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("billingReports.overdue"))("title") };
}

export default async function OverduePage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("billingReports.overdue");
  if (!can(user, "billing:read")) return <Forbidden title={t("title")} permission="billing:read" />;
  const { billingStarted } = await readClubTaxData((await serviceContext(null)).db);
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">{t("lead")}</p>
      {!billingStarted && <BillingNotStarted settingsLink={can(user, "settings:write")} />}
      <OverdueInvoices canSeeMembers={can(user, "members:read")} />
    </>
  );
}
