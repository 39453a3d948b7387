import { fromCents } from "@/lib/platform/money";
import type { InvoiceDocument, PostalAddress } from "../invoice-document";

/** The club's formats for the invoice's language: Spain's Spanish and British English, as the emails use them. */
const FORMAT_LOCALE: Record<InvoiceDocument["language"], string> = { en: "en-GB", es: "es-ES" };

export type InvoiceFormat = {
  /** 123450 → "1.234,50 €" / "€1,234.50", from the exact decimal, never a float. */
  money: (cents: number) => string;
  /** "2026-11-27" → "27/11/2026" in both languages. */
  date: (isoDate: string) => string;
  /** 2100 → "21 %" / "21%"; 1050 → "10,5 %". */
  rate: (basisPoints: number) => string;
  /** The address as it is written on an envelope, one line per element. */
  address: (address: PostalAddress) => string[];
};

export function invoiceFormat(document: Pick<InvoiceDocument, "language" | "currency">): InvoiceFormat {
  const locale = FORMAT_LOCALE[document.language];
  // es-ES leaves four-digit amounts ungrouped by default ("1234,50 €"); invoices group every thousand.
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: document.currency,
    useGrouping: "always",
  });
  // Calendar dates are formatted at UTC midnight in UTC, so no time zone moves them by a day.
  const date = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const countries = new Intl.DisplayNames(locale, { type: "region" });
  return {
    money: (cents) => money.format(fromCents(BigInt(cents)) as `${number}`),
    date: (isoDate) => date.format(new Date(`${isoDate}T00:00:00Z`)),
    rate: (basisPoints) => percent.format(basisPoints / 10_000),
    address: ({ line, postalCode, city, province, country }) => [
      line,
      [postalCode, city].filter(Boolean).join(" "),
      ...(province && province !== city ? [province] : []),
      countries.of(country) ?? country,
    ],
  };
}
