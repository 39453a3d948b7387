import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can } from "@/console/server/session";
import { BillingReportPage } from "../billing-report-page";
import { OverdueInvoices } from "./overdue-invoices";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("billingReports.overdue"))("title") };
}

export default function OverduePage() {
  return (
    <BillingReportPage messages="billingReports.overdue">
      {(user) => <OverdueInvoices canSeeMembers={can(user, "members:read")} />}
    </BillingReportPage>
  );
}
