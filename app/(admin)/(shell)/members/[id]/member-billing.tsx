"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import type { MandateRow } from "@/console/invoice-api";
import { LoadError, SkeletonRows, StatusBadge } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { useListDialogs } from "@/console/ui/list-page";
import { RowAction, withActionsHeading } from "@/console/ui/row-actions";
import { formatIban } from "@/lib/billing/sepa/identifiers";
import { CardTable } from "../../billing/invoices/card-table";
import { invoicePage, useInvoiceStatusLook } from "../../billing/invoices/invoice-status";
import { AddMandateDialog, AmendMandateDialog, RevokeMandateDialog } from "./mandate-dialogs";
import { NewInvoiceDialog } from "./new-invoice-dialog";

const LATEST_INVOICES = 5;

type OpenDialog =
  | { kind: "add" }
  | { kind: "amend"; mandate: MandateRow }
  | { kind: "revoke"; mandate: MandateRow }
  | { kind: "invoice" };

/** What a query's table body shows: placeholder rows, the failure with Try again, the empty line, or its rows. */
function QueryRows<T>({
  query,
  columns,
  empty,
  row,
}: {
  query: { data: readonly T[] | undefined; isPending: boolean; error: Error | null; refetch: () => unknown };
  columns: number;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  const failureText = useFailureText();
  if (query.isPending) return <SkeletonRows columns={columns} rows={2} />;
  if (query.error || !query.data)
    return (
      <tr>
        <td colSpan={columns}>
          <LoadError message={failureText(formFailureOf(query.error))} onRetry={() => void query.refetch()} />
        </td>
      </tr>
    );
  if (query.data.length === 0)
    return (
      <tr>
        <td colSpan={columns} className="muted">
          {empty}
        </td>
      </tr>
    );
  return query.data.map(row);
}

function BalanceFigures({ memberId }: { memberId: string }) {
  const t = useTranslations("invoices.member");
  const format = useClubFormat();
  const failureText = useFailureText();
  const api = useConsoleApi();
  const balance = useQuery({
    queryKey: ["member-billing", memberId, "balance"],
    queryFn: () => api.memberBilling.balance(memberId),
  });
  if (balance.isPending) return <SkeletonRows columns={4} rows={1} />;
  if (balance.isError)
    return <LoadError message={failureText(formFailureOf(balance.error))} onRetry={() => void balance.refetch()} />;
  const { totalDue, overdue, openInvoices, credit, lastPayment } = balance.data;
  return (
    <dl className="billing-balance" aria-label={t("balanceLabel")}>
      <div>
        <dt>{t("owed")}</dt>
        <dd className="billing-figure">{format.money(totalDue)}</dd>
      </div>
      <div>
        <dt>{t("overdue")}</dt>
        <dd className={overdue === "0.00" ? "billing-figure" : "billing-figure billing-overdue"}>
          {format.money(overdue)}
        </dd>
      </div>
      <div>
        <dt>{t("openInvoices")}</dt>
        <dd className="billing-figure">{format.count(openInvoices)}</dd>
      </div>
      {credit !== "0.00" && (
        <div>
          <dt>{t("credit")}</dt>
          <dd className="billing-figure">{format.money(credit)}</dd>
          <dd className="cell-secondary">{t("creditHint")}</dd>
        </div>
      )}
      <div>
        <dt>{t("lastPayment")}</dt>
        <dd>
          {lastPayment
            ? t("lastPaymentValue", {
                amount: format.money(lastPayment.amount),
                date: format.calendarDate(lastPayment.paidOn),
              })
            : t("noPayment")}
        </dd>
      </div>
    </dl>
  );
}

function LatestInvoices({ memberId, memberName }: { memberId: string; memberName: string }) {
  const t = useTranslations("invoices");
  const format = useClubFormat();
  const statusLook = useInvoiceStatusLook();
  const api = useConsoleApi();
  const invoices = useQuery({
    queryKey: ["member-billing", memberId, "invoices"],
    queryFn: () => api.memberBilling.invoices(memberId, { pageSize: LATEST_INVOICES }),
  });
  const headers = [
    t("list.columns.number"),
    t("list.columns.issued"),
    t("list.columns.total"),
    t("list.columns.due"),
    t("list.columns.status"),
  ];
  return (
    <CardTable
      id="member-invoices-heading"
      title={t("member.invoices.title")}
      className="member-invoices"
      headers={headers}
      actions={
        (invoices.data?.totalCount ?? 0) > 0 && (
          <Link href={`/billing/invoices?search=${encodeURIComponent(memberName)}`}>
            {t("member.invoices.all", { name: memberName })}
          </Link>
        )
      }
    >
      <QueryRows
        query={{ ...invoices, data: invoices.data?.items }}
        columns={headers.length}
        empty={t("member.invoices.empty")}
        row={(invoice) => (
          <tr key={invoice.id}>
            <td>
              <Link className="cell-link" href={invoicePage(invoice)}>
                {invoice.number}
              </Link>
            </td>
            <td className="cell-nowrap">{format.calendarDate(invoice.issuedOn)}</td>
            <td className="cell-money">{format.money(invoice.totalAmount, invoice.currency)}</td>
            <td className="cell-money">{format.money(invoice.amountDue, invoice.currency)}</td>
            <td className="cell-end">
              <StatusBadge look={statusLook(invoice.status)} />
            </td>
          </tr>
        )}
      />
    </CardTable>
  );
}

function Mandates({
  memberId,
  canWrite,
  open,
}: {
  memberId: string;
  canWrite: boolean;
  open: (d: OpenDialog) => void;
}) {
  const t = useTranslations("invoices.member.mandates");
  const format = useClubFormat();
  const api = useConsoleApi();
  const mandates = useQuery({
    queryKey: ["member-billing", memberId, "mandates"],
    queryFn: () => api.memberBilling.mandates(memberId),
  });
  const columns = [
    t("columns.reference"),
    t("columns.iban"),
    t("columns.signed"),
    t("columns.sequence"),
    t("columns.status"),
  ];
  return (
    <CardTable
      id="mandates-heading"
      title={t("title")}
      className="member-mandates"
      headers={withActionsHeading(canWrite ? [...columns, t("actions")] : columns, canWrite)}
      actions={
        canWrite && (
          <button type="button" className="button" onClick={() => open({ kind: "add" })}>
            {t("add")}
          </button>
        )
      }
    >
      <QueryRows
        query={{ ...mandates, data: mandates.data?.items }}
        columns={columns.length + (canWrite ? 1 : 0)}
        empty={t("empty")}
        row={(mandate) => (
          <tr key={mandate.id}>
            <td className="cell-primary">{mandate.reference}</td>
            <td className="cell-nowrap">{formatIban(mandate.iban)}</td>
            <td className="cell-nowrap">{format.calendarDate(mandate.signedOn)}</td>
            <td>{t(`sequence.${mandate.sequence}`)}</td>
            <td className={canWrite ? undefined : "cell-end"}>
              <StatusBadge
                look={{
                  label: t(`status.${mandate.status}`),
                  badge: mandate.status === "active" ? "badge-active" : "badge-inactive",
                }}
              />
              {mandate.revokedAt && (
                <div className="cell-secondary">{t("revokedOn", { date: format.day(mandate.revokedAt) })}</div>
              )}
            </td>
            {canWrite && (
              <td className="cell-end">
                {mandate.status === "active" && (
                  <RowAction
                    label={t("amend")}
                    name={t("amendNamed", { reference: mandate.reference })}
                    onClick={() => open({ kind: "amend", mandate })}
                  />
                )}
                {mandate.status === "active" && (
                  <RowAction
                    label={t("revoke")}
                    name={t("revokeNamed", { reference: mandate.reference })}
                    tone="danger"
                    onClick={() => open({ kind: "revoke", mandate })}
                  />
                )}
              </td>
            )}
          </tr>
        )}
      />
    </CardTable>
  );
}

/** The member's billing (`billing:read`): balance, latest invoices and direct debit mandates (`billing:write` changes them). */
export function MemberBilling({
  memberId,
  memberName,
  canWrite,
}: {
  memberId: string;
  memberName: string;
  canWrite: boolean;
}) {
  const t = useTranslations("invoices.member");
  const dialogs = useListDialogs<OpenDialog>([["member-billing", memberId]]);
  const { dialog, close, done } = dialogs;
  return (
    <section className="member-billing" aria-labelledby="billing-heading">
      <h2 id="billing-heading" className="section-title">
        {t("title")}
      </h2>
      {dialogs.notice}
      <div className="card">
        <BalanceFigures memberId={memberId} />
        {canWrite && (
          <button type="button" className="button" onClick={() => dialogs.open({ kind: "invoice" })}>
            {t("newInvoice.open")}
          </button>
        )}
      </div>
      <LatestInvoices memberId={memberId} memberName={memberName} />
      <Mandates memberId={memberId} canWrite={canWrite} open={dialogs.open} />
      {dialog?.kind === "add" && <AddMandateDialog memberId={memberId} onClose={close} onDone={done} />}
      {dialog?.kind === "invoice" && (
        <NewInvoiceDialog memberId={memberId} memberName={memberName} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "amend" && (
        <AmendMandateDialog memberId={memberId} mandate={dialog.mandate} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "revoke" && (
        <RevokeMandateDialog memberId={memberId} mandate={dialog.mandate} onClose={close} onDone={done} />
      )}
    </section>
  );
}
