"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { AnnualCustomers, VatReturn } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState } from "@/console/ui/feedback";
import { ScrollBox } from "@/console/ui/scroll-box";
import { NumberHeader, SectionState } from "./section-state";

/** Rates are shown as the form's percent ("21 %"): display only, no sum is made of them. */
const usePercent = () => {
  const format = useClubFormat();
  return (taxRate: string) => format.percent(Number(taxRate) / 100);
};

function VatBoxes({ vat }: { vat: VatReturn }) {
  const t = useTranslations("billingReports.books.vat");
  const format = useClubFormat();
  const percent = usePercent();
  const money = (amount: string) => format.money(amount, vat.currency);
  const boxes: { box: string | null; concept: string; amount: string }[] = [
    ...vat.generalRegime.flatMap((row) => [
      { box: row.baseBox, concept: t("baseAt", { rate: percent(row.taxRate) }), amount: row.base },
      { box: row.taxBox, concept: t("taxAt", { rate: percent(row.taxRate) }), amount: row.tax },
    ]),
    { box: vat.modifications.baseBox, concept: t("modificationsBase"), amount: vat.modifications.base },
    { box: vat.modifications.taxBox, concept: t("modificationsTax"), amount: vat.modifications.tax },
    { box: vat.totalAccrued.box, concept: t("totalAccrued"), amount: vat.totalAccrued.tax },
    { box: vat.exemptWithoutDeduction.box, concept: t("exempt"), amount: vat.exemptWithoutDeduction.base },
  ];
  return (
    <>
      <ScrollBox label={t("title", { quarter: vat.quarter, year: vat.year })}>
        <table className="table report-table">
          <caption className="visually-hidden">{t("title", { quarter: vat.quarter, year: vat.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("box")}</th>
              <th scope="col">{t("concept")}</th>
              <NumberHeader>{t("amount")}</NumberHeader>
            </tr>
          </thead>
          <tbody>
            {boxes.map((row) => (
              <tr key={`${row.box}-${row.concept}`}>
                <th scope="row">{row.box ? `[${row.box}]` : "—"}</th>
                <td>{row.concept}</td>
                <td className="number">{money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="field-hint">{t("counts", { invoices: vat.invoices, rectifying: vat.rectifyingInvoices })}</p>
    </>
  );
}

/** The sales side of the quarter's modelo 303, casilla by casilla. */
export function VatReturnSection({ query }: { query: UseQueryResult<VatReturn> }) {
  const t = useTranslations("billingReports.books.vat");
  const format = useClubFormat();
  return (
    <section className="card report-section" aria-labelledby="vat-title">
      <SectionState query={query} label="303">
        {(vat) => (
          <>
            <h2 id="vat-title" className="chart-title">
              {t("title", { quarter: vat.quarter, year: vat.year })}
            </h2>
            <p className="page-lead">
              {t("lead", { from: format.calendarDate(vat.from), to: format.calendarDate(vat.to) })}
            </p>
            <VatBoxes vat={vat} />
          </>
        )}
      </SectionState>
    </section>
  );
}

function CustomerTables({ annual }: { annual: AnnualCustomers }) {
  const t = useTranslations("billingReports.books.customers");
  const format = useClubFormat();
  const money = (amount: string) => format.money(amount, annual.currency);
  const quarters = ["q1", "q2", "q3", "q4"] as const;
  return (
    <>
      {annual.customers.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <ScrollBox label={t("title", { year: annual.year })}>
          <table className="table report-table">
            <caption className="visually-hidden">{t("title", { year: annual.year })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("taxId")}</th>
                <th scope="col">{t("name")}</th>
                {quarters.map((quarter) => (
                  <NumberHeader key={quarter}>{t(quarter)}</NumberHeader>
                ))}
                <NumberHeader>{t("year")}</NumberHeader>
              </tr>
            </thead>
            <tbody>
              {annual.customers.map((customer) => (
                <tr key={customer.taxId}>
                  <th scope="row">{customer.taxId}</th>
                  <td>{customer.name}</td>
                  {quarters.map((quarter) => (
                    <td key={quarter} className="number">
                      {money(customer[quarter])}
                    </td>
                  ))}
                  <td className="number">{money(customer.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {annual.withoutTaxId.length > 0 && (
        <div className="notice notice-warn" role="note">
          <h3>{t("withoutTaxIdTitle")}</h3>
          <p>{t("withoutTaxIdLead")}</p>
          <ul>
            {annual.withoutTaxId.map((member) => (
              <li key={member.memberId}>
                <Link href={`/members/${member.memberId}`}>{member.name}</Link>: {money(member.total)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** Modelo 347 of the year: customers over the threshold by NIF, and those who cannot be declared without one. */
export function AnnualCustomersSection({ query }: { query: UseQueryResult<AnnualCustomers> }) {
  const t = useTranslations("billingReports.books.customers");
  const format = useClubFormat();
  return (
    <section className="card report-section" aria-labelledby="customers-title">
      <SectionState query={query} label="347">
        {(annual) => (
          <>
            <h2 id="customers-title" className="chart-title">
              {t("title", { year: annual.year })}
            </h2>
            <p className="page-lead">{t("lead", { threshold: format.money(annual.threshold, annual.currency) })}</p>
            <CustomerTables annual={annual} />
          </>
        )}
      </SectionState>
    </section>
  );
}
