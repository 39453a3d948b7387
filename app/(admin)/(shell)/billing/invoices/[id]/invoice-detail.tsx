"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import type { InvoiceRecord } from "@/console/invoice-api";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { StatusBadge } from "@/console/ui/feedback";
import { PageHeader, useListDialogs } from "@/console/ui/list-page";
import { CardTable } from "../card-table";
import { invoicePage, useInvoiceStatusLook } from "../invoice-status";
import {
  ConfirmActionDialog,
  type ConfirmedAction,
  MovementDialog,
  type MovementKind,
  RectifyDialog,
  WriteOffDialog,
} from "./invoice-dialogs";
import { InvoicePdf, ReceiptDownload } from "./invoice-pdf";
import { VerifactuCard } from "./verifactu-card";

/** What the user may do here (the page reads it from their permissions). */
export type InvoiceActions = {
  /** Record payments (`billing:write`). */
  pay: boolean;
  /** Refunds, write-offs and rectifying invoices (`billing:refund`). */
  correct: boolean;
  /** Link the customer to the member's page (`members:read`). */
  readMembers: boolean;
};

type OpenDialog = { kind: MovementKind } | { kind: "write-off" } | { kind: "rectify" } | { kind: ConfirmedAction };

const ZERO = "0.00";

function useInvoicesList(): ParentList {
  const t = useTranslations("invoices.list");
  return { href: "/billing/invoices", label: t("title") };
}

type Address = InvoiceRecord["issuer"]["address"];

function AddressLines({ address }: { address: Address | null }) {
  const t = useTranslations("invoices.detail");
  if (!address) return <span className="muted">{t("noAddress")}</span>;
  const place = [address.postalCode, address.city].join(" ") + (address.province ? ` (${address.province})` : "");
  return (
    <>
      {address.line}
      <br />
      {place}
      <br />
      {address.country}
    </>
  );
}

function PartiesCard({ invoice, readMembers }: { invoice: InvoiceRecord; readMembers: boolean }) {
  const t = useTranslations("invoices.detail");
  const { issuer, customer } = invoice;
  return (
    <section className="card" aria-labelledby="parties-heading">
      <h2 id="parties-heading" className="visually-hidden">
        {t("parties")}
      </h2>
      <div className="invoice-parties">
        <div>
          <h3 className="invoice-party-title">{t("issuer")}</h3>
          <p className="cell-primary">{issuer.legalName}</p>
          <p>{`${t("taxId")}: ${issuer.taxId}`}</p>
          <p>
            <AddressLines address={issuer.address} />
          </p>
        </div>
        <div>
          <h3 className="invoice-party-title">{t("customer")}</h3>
          <p className="cell-primary">
            {readMembers ? (
              <Link href={`/members/${encodeURIComponent(invoice.memberId)}`}>{customer.name}</Link>
            ) : (
              customer.name
            )}
          </p>
          <p>{customer.taxId ? `${t("taxId")}: ${customer.taxId}` : <span className="muted">{t("noTaxId")}</span>}</p>
          <p>
            <AddressLines address={customer.address} />
          </p>
          <p className="cell-secondary">{customer.email}</p>
        </div>
      </div>
    </section>
  );
}

function TotalsCard({ invoice }: { invoice: InvoiceRecord }) {
  const t = useTranslations("invoices.detail.totals");
  const format = useClubFormat();
  const money = (amount: string) => format.money(amount, invoice.currency);
  return (
    <section className="card" aria-labelledby="totals-heading">
      <h2 id="totals-heading">{t("title")}</h2>
      <dl className="definition-list invoice-totals">
        <dt>{t("base")}</dt>
        <dd>{money(invoice.baseAmount)}</dd>
        <dt>{t("tax")}</dt>
        <dd>{money(invoice.taxAmount)}</dd>
        <dt className="invoice-total">{t("total")}</dt>
        <dd className="invoice-total">{money(invoice.totalAmount)}</dd>
        <dt>{t("paid")}</dt>
        <dd>{money(invoice.paidAmount)}</dd>
        {invoice.creditedAmount !== ZERO && (
          <>
            <dt>{t("credited")}</dt>
            <dd data-testid="amount-credited">{money(`-${invoice.creditedAmount}`)}</dd>
          </>
        )}
        <dt>{t("due")}</dt>
        <dd data-testid="amount-due">{money(invoice.amountDue)}</dd>
        {invoice.refundDue !== ZERO && (
          <>
            <dt>{t("refundDue")}</dt>
            <dd data-testid="refund-due">{money(invoice.refundDue)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A VAT rate as the API writes it ("21.00") in the reader's words ("21 %", "10,5 %"): a rate, not money. */
function useRate(): (rate: string) => string {
  const t = useTranslations("invoices.detail.lines");
  const format = useClubFormat();
  return (rate) => t("rate", { rate: format.count(Number(rate)) });
}

function LinesTable({ invoice }: { invoice: InvoiceRecord }) {
  const t = useTranslations("invoices.detail.lines");
  const format = useClubFormat();
  const rateOf = useRate();
  const money = (amount: string) => format.money(amount, invoice.currency);
  return (
    <CardTable
      id="lines-heading"
      title={t("title")}
      className="invoice-lines"
      headers={[
        t("columns.description"),
        t("columns.period"),
        t("columns.base"),
        t("columns.rate"),
        t("columns.tax"),
        t("columns.total"),
      ]}
    >
      {invoice.lines.map((line) => (
        <tr key={line.position}>
          <td>
            {line.description}
            {line.exemptReason && <div className="cell-secondary">{t("exempt", { reason: line.exemptReason })}</div>}
            {line.notSubjectReason && (
              <div className="cell-secondary">{t("notSubject", { reason: line.notSubjectReason })}</div>
            )}
          </td>
          <td>
            {t("period", { from: format.calendarDate(line.serviceFrom), to: format.calendarDate(line.serviceTo) })}
          </td>
          <td className="cell-money">{money(line.baseAmount)}</td>
          <td className="cell-money">{line.notSubjectReason ? t("notSubjectRate") : rateOf(line.taxRate)}</td>
          <td className="cell-money">{money(line.taxAmount)}</td>
          <td className="cell-money cell-end">{money(line.totalAmount)}</td>
        </tr>
      ))}
    </CardTable>
  );
}

function BreakdownTable({ invoice }: { invoice: InvoiceRecord }) {
  const t = useTranslations("invoices.detail");
  const format = useClubFormat();
  const rateOf = useRate();
  return (
    <CardTable
      id="breakdown-heading"
      title={t("breakdown.title")}
      className="invoice-breakdown"
      headers={[t("breakdown.columns.rate"), t("breakdown.columns.base"), t("breakdown.columns.tax")]}
    >
      {invoice.taxBreakdown.map((row) => (
        <tr key={`${row.taxRate}:${row.exemptReason ?? ""}:${row.notSubjectReason ?? ""}`}>
          <td>
            {row.notSubjectReason ? t("lines.notSubjectRate") : rateOf(row.taxRate)}
            {row.exemptReason && (
              <div className="cell-secondary">{t("lines.exempt", { reason: row.exemptReason })}</div>
            )}
            {row.notSubjectReason && (
              <div className="cell-secondary">{t("lines.notSubject", { reason: row.notSubjectReason })}</div>
            )}
          </td>
          <td className="cell-money">{format.money(row.baseAmount, invoice.currency)}</td>
          <td className="cell-money cell-end">{format.money(row.taxAmount, invoice.currency)}</td>
        </tr>
      ))}
    </CardTable>
  );
}

function PaymentsTable({ invoice }: { invoice: InvoiceRecord }) {
  const t = useTranslations("invoices.detail.payments");
  const methods = useTranslations("invoices.method");
  const format = useClubFormat();
  if (invoice.payments.length === 0) {
    return (
      <section className="card" aria-labelledby="payments-heading">
        <h2 id="payments-heading">{t("title")}</h2>
        <p className="muted">{t("empty")}</p>
      </section>
    );
  }
  return (
    <CardTable
      id="payments-heading"
      title={t("title")}
      className="invoice-payments"
      headers={[
        t("columns.date"),
        t("columns.kind"),
        t("columns.method"),
        t("columns.reference"),
        t("columns.amount"),
        t("columns.receipt"),
      ]}
    >
      {invoice.payments.map((payment, index) => (
        <tr key={payment.id}>
          <td className="cell-nowrap">{format.calendarDate(payment.paidOn)}</td>
          <td>{t(payment.kind)}</td>
          <td>{methods(payment.method)}</td>
          <td>{payment.reference ?? <span className="muted">—</span>}</td>
          <td className="cell-money">
            {format.money(payment.kind === "refund" ? `-${payment.amount}` : payment.amount, invoice.currency)}
          </td>
          <td className="cell-end">
            <ReceiptDownload invoice={invoice} paymentId={payment.id} place={index + 1} />
          </td>
        </tr>
      ))}
    </CardTable>
  );
}

/**
 * The invoice a rectifying invoice corrects, or the rectifying invoices that correct this one; for a term's invoice
 * issued again, the one it replaces or replaced it; for a simplified invoice, the full one issued in its place.
 */
function CorrectionsCard({ invoice }: { invoice: InvoiceRecord }) {
  const t = useTranslations("invoices.detail.corrections");
  const format = useClubFormat();
  const linked = (
    key: "replaces" | "replacedBy" | "rectifies" | "substitutes" | "substitutedBy",
    target: { id: string; number: string },
  ) => (
    <p>
      {t.rich(key, {
        number: target.number,
        link: (chunks) => <Link href={invoicePage(target)}>{chunks}</Link>,
      })}
    </p>
  );
  const replacement = (
    <>
      {invoice.replaces && linked("replaces", invoice.replaces)}
      {invoice.replacedBy && linked("replacedBy", invoice.replacedBy)}
      {invoice.substitutes && linked("substitutes", invoice.substitutes)}
      {invoice.substitutedBy && linked("substitutedBy", invoice.substitutedBy)}
    </>
  );
  return (
    <section className="card" aria-labelledby="corrections-heading">
      <h2 id="corrections-heading">{t("title")}</h2>
      {invoice.rectifies ? (
        <>
          {linked("rectifies", invoice.rectifies)}
          <p className="muted">{t("reason", { reason: invoice.rectifies.reason })}</p>
        </>
      ) : invoice.rectifiedBy.length > 0 ? (
        <>
          {replacement}
          <h3 className="invoice-party-title">{t("rectifiedBy")}</h3>
          <ul className="plain-list">
            {invoice.rectifiedBy.map((rectifying) => (
              <li key={rectifying.id}>
                <Link href={invoicePage(rectifying)}>{rectifying.number}</Link>
                {`: ${format.calendarDate(rectifying.issuedOn)}, ${format.money(rectifying.totalAmount, invoice.currency)}`}
                <div className="cell-secondary">{t("reason", { reason: rectifying.reason })}</div>
              </li>
            ))}
          </ul>
        </>
      ) : invoice.replaces || invoice.substitutes || invoice.substitutedBy ? (
        replacement
      ) : (
        <p className="muted">{t("none")}</p>
      )}
    </section>
  );
}

export function InvoiceDetail({ invoiceId, allowed }: { invoiceId: string; allowed: InvoiceActions }) {
  const t = useTranslations("invoices.detail");
  const back = useInvoicesList();
  const api = useConsoleApi();
  const invoice = useQuery({
    queryKey: ["invoices", "detail", invoiceId],
    queryFn: () => api.invoices.get(invoiceId),
  });
  // A payment or correction shows in the invoice, the list, and the member's balance and invoices.
  const dialogs = useListDialogs<OpenDialog>([["invoices"], ["member-billing"]]);
  if (invoice.isPending) {
    return (
      <DetailSkeleton
        back={back}
        cards={[
          { label: t("loading"), lines: 6 },
          { label: t("totals.title"), lines: 5 },
        ]}
      />
    );
  }
  if (invoice.isError) {
    return (
      <DetailLoadFailure
        back={back}
        title={t("title")}
        goneMessage={t("gone")}
        goneStatuses={[400, 404]}
        error={invoice.error}
        onRetry={() => void invoice.refetch()}
      />
    );
  }
  return <InvoiceView invoice={invoice.data} allowed={allowed} dialogs={dialogs} back={back} />;
}

function InvoiceView({
  invoice,
  allowed,
  dialogs,
  back,
}: {
  invoice: InvoiceRecord;
  allowed: InvoiceActions;
  dialogs: ReturnType<typeof useListDialogs<OpenDialog>>;
  back: ParentList;
}) {
  const t = useTranslations("invoices.detail");
  const format = useClubFormat();
  const statusLook = useInvoiceStatusLook();
  const { dialog, close, done } = dialogs;
  // Offered only where the API could take them; it decides again and its refusals are shown in words.
  const owed = invoice.amountDue !== ZERO && invoice.status !== "pending_collection";
  const actions = {
    pay: allowed.pay && owed,
    refund: allowed.correct && invoice.paidAmount !== ZERO,
    writeOff: allowed.correct && owed,
    rectify: allowed.correct && invoice.kind === "invoice" && invoice.status !== "cancelled",
    reissue:
      allowed.pay &&
      invoice.kind === "invoice" &&
      invoice.status === "cancelled" &&
      invoice.subscriptionId !== null &&
      invoice.replacedBy === null,
    // A paid simplified invoice (the API also asks for the member's NIF, and says so when it is missing).
    substitute:
      allowed.pay &&
      invoice.kind === "invoice" &&
      invoice.status === "paid" &&
      invoice.customer.taxId === null &&
      invoice.creditedAmount === ZERO &&
      invoice.substitutedBy === null,
  };
  return (
    <>
      <BackLink to={back} />
      <PageHeader
        title={invoice.number}
        lead={
          <>
            <StatusBadge look={statusLook(invoice.status)} />{" "}
            {t("lead", {
              kind: invoice.kind,
              date: format.calendarDate(invoice.issuedOn),
              dueOn: format.calendarDate(invoice.dueOn),
            })}
          </>
        }
      >
        {actions.pay && (
          <button type="button" className="button button-primary" onClick={() => dialogs.open({ kind: "payment" })}>
            {t("actions.pay")}
          </button>
        )}
        {actions.refund && invoice.refundDue !== ZERO && (
          <p className="invoice-refund-due">
            {t("refundDue", { amount: format.money(invoice.refundDue, invoice.currency) })}
          </p>
        )}
        {actions.refund && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "refund" })}>
            {t("actions.refund")}
          </button>
        )}
        {actions.rectify && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "rectify" })}>
            {t("actions.rectify")}
          </button>
        )}
        {actions.reissue && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "reissue" })}>
            {t("actions.reissue")}
          </button>
        )}
        {actions.substitute && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "substitute" })}>
            {t("actions.substitute")}
          </button>
        )}
        {actions.writeOff && (
          <button
            type="button"
            className="button button-danger-quiet"
            onClick={() => dialogs.open({ kind: "write-off" })}
          >
            {t("actions.writeOff")}
          </button>
        )}
      </PageHeader>
      {dialogs.notice}

      <div className="invoice-sections">
        <div className="detail-grid">
          <PartiesCard invoice={invoice} readMembers={allowed.readMembers} />
          <TotalsCard invoice={invoice} />
        </div>
        <LinesTable invoice={invoice} />
        <div className="detail-grid">
          <BreakdownTable invoice={invoice} />
          <CorrectionsCard invoice={invoice} />
        </div>
        <PaymentsTable invoice={invoice} />
        <div className="detail-grid">
          <VerifactuCard
            invoice={invoice}
            onCorrect={allowed.pay ? () => dialogs.open({ kind: "correctVerifactu" }) : undefined}
          />
          <InvoicePdf invoice={invoice} />
        </div>
      </div>

      {(dialog?.kind === "payment" || dialog?.kind === "refund") && (
        <MovementDialog kind={dialog.kind} invoice={invoice} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "write-off" && <WriteOffDialog invoice={invoice} onClose={close} onDone={done} />}
      {dialog?.kind === "rectify" && <RectifyDialog invoice={invoice} onClose={close} onDone={done} />}
      {(dialog?.kind === "reissue" || dialog?.kind === "substitute" || dialog?.kind === "correctVerifactu") && (
        <ConfirmActionDialog invoice={invoice} as={dialog.kind} onClose={close} onDone={done} />
      )}
    </>
  );
}
