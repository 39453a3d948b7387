"use client";

import { useTranslations } from "next-intl";
import type { InvoiceStatus } from "@/console/invoice-api";

/** Invoice statuses in the order a person reads them in the filter (docs/billing.md, Statuses). */
export const INVOICE_STATUS_VALUES = [
  "open",
  "partially_paid",
  "overdue",
  "pending_collection",
  "returned",
  "paid",
  "written_off",
  "cancelled",
] as const satisfies readonly InvoiceStatus[];

const BADGES: Readonly<Record<InvoiceStatus, string>> = {
  open: "badge-neutral",
  partially_paid: "badge-pending",
  overdue: "badge-blocked",
  pending_collection: "badge-neutral",
  returned: "badge-blocked",
  paid: "badge-active",
  written_off: "badge-inactive",
  cancelled: "badge-inactive",
};

/** An invoice's status in the reader's language, on its badge. */
export function useInvoiceStatusLook(): (status: InvoiceStatus) => { label: string; badge: string } {
  const t = useTranslations("invoices.status");
  return (status) => ({ label: t(status), badge: BADGES[status] });
}

/** Where an invoice's page is. */
export const invoicePage = (invoice: { id: string }) => `/billing/invoices/${encodeURIComponent(invoice.id)}`;
