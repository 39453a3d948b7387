import { inArray, sql } from "drizzle-orm";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { members } from "@/lib/platform/db/schema";
import { fromCents, toCents } from "@/lib/platform/money";
import { issueInvoices } from "../issue";
import { applyMemberCredit } from "../member-credit";
import { customerColumns, customerFrom, readBillingSettings } from "../parties";
import { returnFeeLineText, returnFeeNotSubjectText } from "../wording";
import { dueDatesFor } from "./collection-date";
import { readDirectDebitSettings } from "./direct-debit-settings";

/** A debit this import marked returned: the remittance item, its invoice's number and member. */
export type ReturnedDebit = { invoiceId: string; invoiceNumber: string; memberId: string };

export type ReturnFeeInvoiced = {
  invoiceNumber: string;
  feeInvoiceId: string;
  feeInvoiceNumber: string;
  amount: string;
};

type FeeContext = { now: Date; timeZone: string; language: "en" | "es"; currency: string; actorId: string | null };

/**
 * Invoices the club's return fee (`directDebit.returnFee`, docs/billing.md, Returns and settlement) for each debit a
 * return import just marked returned, in the import's transaction: one invoice per returned debit, all issued by one
 * `issueInvoices` call, each with one line outside IVA (an indemnity for the bank's charge, not the price of a service:
 * Ley 37/1992 art. 78.Tres.1º; VERI*FACTU N1). `return_fees` names each fee's remittance item once (its primary key),
 * so a debit is never charged twice, whoever imports the return and however often; a second fee would roll the whole
 * import back. Nothing without a fee set or before billing starts.
 */
export async function invoiceReturnFees(
  tx: Transaction,
  ctx: FeeContext,
  remittanceId: string,
  debits: readonly ReturnedDebit[],
): Promise<ReturnFeeInvoiced[]> {
  if (debits.length === 0) return [];
  const { returnFee } = await readDirectDebitSettings(tx);
  if (returnFee === null) return [];
  const billing = await readBillingSettings(tx);
  if (!billing.issuer) return [];
  const issuer = billing.issuer;
  const memberIds = [...new Set(debits.map((debit) => debit.memberId))];
  const customers = new Map(
    (
      await tx
        .select({ id: members.id, ...customerColumns })
        .from(members)
        .where(inArray(members.id, memberIds))
    ).map((member) => [member.id, member]),
  );
  const today = localDate(ctx.now, ctx.timeZone);
  const dueOn = await dueDatesFor(tx, memberIds, today);
  const totalCents = toCents(returnFee);
  const drafts = debits.map((debit) => {
    const member = customers.get(debit.memberId);
    if (!member) throw new Error(`member ${debit.memberId} not found while invoicing a return fee`);
    const language = recipientLanguage({ preferred: member.language, clubDefault: ctx.language });
    return {
      memberId: debit.memberId,
      subscriptionId: null,
      rectifies: null,
      language,
      currency: ctx.currency,
      issuer,
      customer: customerFrom(member),
      dueOn: dueOn(debit.memberId, today),
      lines: [
        {
          description: returnFeeLineText(language, debit.invoiceNumber),
          planId: null,
          serviceFrom: today,
          serviceTo: today,
          totalCents,
          taxRateBasisPoints: 0,
          exemptReason: null,
          notSubjectReason: returnFeeNotSubjectText(language),
        },
      ],
    };
  });
  const issue = { kind: "invoice" as const, issuedAt: ctx.now, timeZone: ctx.timeZone, actorId: ctx.actorId };
  // issueInvoices answers one invoice per draft, in the drafts' order.
  const issued = (await issueInvoices(tx, issue, drafts)).map((invoice, index) => ({
    debit: debits[index] as ReturnedDebit,
    invoice,
  }));
  const rows = issued.map(({ debit, invoice }) => ({ invoice_id: debit.invoiceId, fee_invoice_id: invoice.id }));
  await tx.execute(sql`insert into return_fees (remittance_id, invoice_id, fee_invoice_id)
    select ${remittanceId}::uuid, invoice_id, fee_invoice_id
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(invoice_id uuid, fee_invoice_id uuid)`);
  await applyMemberCredit(tx, { now: ctx.now, timeZone: ctx.timeZone, actorId: ctx.actorId }, memberIds);
  return issued.map(({ debit, invoice }) => ({
    invoiceNumber: debit.invoiceNumber,
    feeInvoiceId: invoice.id,
    feeInvoiceNumber: invoice.number,
    amount: fromCents(totalCents),
  }));
}
