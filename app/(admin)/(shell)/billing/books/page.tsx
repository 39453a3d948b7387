import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BillingReportPage } from "../billing-report-page";
import { BooksView } from "./books-view";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("billingReports.books"))("title") };
}

export default function BooksPage() {
  return <BillingReportPage messages="billingReports.books">{() => <BooksView />}</BillingReportPage>;
}
