"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTimeZone } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { formFailureOf } from "@/console/ui/forms";
import { IssuedInvoicesSection, PaymentsJournalSection } from "./book-sections";
import { PeriodForm } from "./period-form";
import { clubToday, type Period, PRESETS, presetPeriod, quarterOf } from "./periods";
import { AnnualCustomersSection, VatReturnSection } from "./tax-returns";

/** Rows of the libro registro shown at once; the downloads hold the whole period. */
const ROWS_PER_PAGE = 50;

/**
 * Billing → Books (GET /api/billing/books/*): a period (a preset or two dates), the libro registro of its invoices with
 * its downloads, the payments journal, and the modelo 303 of its first quarter and 347 of its year.
 */
export function BooksView() {
  const api = useConsoleApi();
  const today = clubToday(useTimeZone());
  const [period, setPeriod] = useState<Period>(() => presetPeriod("thisMonth", today));
  const [pageNumber, setPageNumber] = useState(1);
  const choose = (chosen: Period) => {
    setPeriod(chosen);
    setPageNumber(1);
  };
  const { year, quarter } = quarterOf(period);
  const keep = { placeholderData: keepPreviousData } as const;
  const issued = useQuery({
    queryKey: ["billing", "books", "issued", period, pageNumber],
    queryFn: () => api.books.issuedInvoices({ ...period, pageNumber, pageSize: ROWS_PER_PAGE }),
    ...keep,
  });
  const journal = useQuery({
    queryKey: ["billing", "books", "payments", period],
    queryFn: () => api.books.payments(period),
    ...keep,
  });
  const vat = useQuery({
    queryKey: ["billing", "books", "vat", year, quarter],
    queryFn: () => api.books.vatReturn({ year, quarter }),
    ...keep,
  });
  const customers = useQuery({
    queryKey: ["billing", "books", "347", year],
    queryFn: () => api.books.annualCustomers({ year }),
    ...keep,
  });
  const failure = issued.error ? formFailureOf(issued.error) : null;
  const fieldFailure = failure && Object.keys(failure.fields).length > 0 ? failure : null;
  return (
    <>
      <PeriodForm
        period={period}
        presets={PRESETS.map((preset) => ({ preset, period: presetPeriod(preset, today) }))}
        failure={fieldFailure}
        pending={issued.isFetching}
        onChoose={choose}
      />
      <IssuedInvoicesSection query={issued} period={period} hideError={fieldFailure !== null} onPage={setPageNumber} />
      <PaymentsJournalSection query={journal} hideError={fieldFailure !== null} />
      <VatReturnSection query={vat} />
      <AnnualCustomersSection query={customers} />
    </>
  );
}
