import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BillingReportPage } from "../billing-report-page";
import { RevenueReportView } from "./revenue-report";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("billingReports.report"))("title") };
}

export default function RevenueReportPage() {
  return <BillingReportPage messages="billingReports.report">{() => <RevenueReportView />}</BillingReportPage>;
}
