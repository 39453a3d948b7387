import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { enqueueMail } from "@/lib/mail/outbox";
import { letterWith } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import type { Transaction } from "@/lib/platform/db";
import { invoicePayments, invoices, members } from "@/lib/platform/db/schema";
import { rollbackOnFailure, rollbackOnFailureAnswering } from "@/lib/platform/db/transaction";
import { fromCents } from "@/lib/platform/money";
import { type BusinessError, fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { liftSuspensionsOf } from "../dunning/reactivation";
import { invoiceNumber } from "../numbering";
import { owedCents, owedCentsField, refundDueCents } from "../owed";
import { creditInvoice, lockInvoice } from "../rectification";
import { findInvoice, type InvoiceDetail, type PaymentView, paymentViewOf } from "../repository";
import { type InvoiceStatus, PAYABLE_STATUSES } from "../schemas";
import { refundCreditText } from "../wording";
import { CollectionErrors } from "./errors";
import type { NewPayment, NewRefund, PaymentMethod, WriteOff } from "./payment-schemas";

/**
 * Payments, refunds and write-offs (docs/billing.md, Payments and statuses). Each changes the invoice's state columns
 * with ONE conditional UPDATE whose WHERE holds the rule (status allows it, the amount fits): of two requests that
 * together overpay, PostgreSQL re-checks the second's WHERE after the first commits, so it matches no row and is
 * refused. The movement row and the audit entry are written in the same transaction.
 */
type PaymentContext = Pick<ServiceContext, "db" | "club" | "now"> & Acting;

export type RecordedMovement = { payment: PaymentView; invoice: InvoiceDetail };

const stateColumns = {
  id: invoices.id,
  series: invoices.series,
  year: invoices.year,
  number: invoices.number,
  memberId: invoices.memberId,
  status: invoices.status,
  paidCents: invoices.paidCents,
  totalCents: invoices.totalCents,
  issuedOn: invoices.issuedOn,
  owedCents: owedCentsField(),
};

async function currentState(tx: Transaction, id: string) {
  const [invoice] = await tx.select(stateColumns).from(invoices).where(eq(invoices.id, id));
  return invoice ?? null;
}
type InvoiceState = NonNullable<Awaited<ReturnType<typeof currentState>>>;

function paidOnOrToday(ctx: PaymentContext, paidOn: string | undefined): Result<string> {
  const today = localDate(ctx.now(), ctx.club.timeZone);
  if (paidOn && paidOn > today) return fail(invalidFields({ paidOn: ["The payment date cannot be after today."] }));
  return ok(paidOn ?? today);
}

type Movement = {
  kind: "payment" | "refund";
  amountCents: bigint;
  method: PaymentMethod;
  paidOn: string;
  reference: string | null;
};

/** Inserts the movement, audits it, and answers it with the invoice as it is now. */
async function recordMovement(
  ctx: PaymentContext,
  tx: Transaction,
  invoice: InvoiceState,
  movement: Movement,
): Promise<Result<RecordedMovement>> {
  const [payment] = await tx
    .insert(invoicePayments)
    .values({ invoiceId: invoice.id, ...movement, recordedBy: ctx.actor.id })
    .returning();
  if (!payment) throw new Error("insert returned no payment");
  await recordAudit(tx, {
    action: movement.kind === "payment" ? "billing.payment_recorded" : "billing.refund_recorded",
    severity: movement.kind === "payment" ? "Info" : "Warning",
    actorId: ctx.actor.id,
    entity: "invoice",
    entityId: invoice.id,
    data: {
      number: invoiceNumber(invoice.series, invoice.year, invoice.number),
      memberId: invoice.memberId,
      paymentId: payment.id,
      amount: fromCents(movement.amountCents),
      method: movement.method,
      paidOn: movement.paidOn,
      reference: movement.reference,
      paidAmount: fromCents(invoice.paidCents),
      status: invoice.status,
    },
  });
  return ok({ payment: paymentViewOf(payment), invoice: (await findInvoice(tx, invoice.id)) as InvoiceDetail });
}

/**
 * Applies a payment to an invoice's state: `paid` once nothing is owed (owed.ts: paid and credited make the total),
 * else `partially_paid` (an `overdue` invoice stays `overdue` until paid in full: the debt is still late). `statuses`
 * are the ones the caller may pay from. Answers null when the invoice is missing, not in those statuses, or the amount is more than what is due.
 */
async function applyPayment(
  tx: Transaction,
  invoiceId: string,
  amountCents: bigint,
  statuses: readonly InvoiceStatus[],
) {
  const [updated] = await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${amountCents}`,
      status: sql`case when ${owedCents()} = ${amountCents} then 'paid'
        when ${invoices.status} = 'overdue' then 'overdue' else 'partially_paid' end::invoice_status`,
      statusChangedAt: sql`now()`,
    })
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.kind, "invoice"),
        inArray(invoices.status, [...statuses]),
        gte(owedCents(), amountCents),
      ),
    )
    .returning(stateColumns);
  return updated ?? null;
}

/** A member suspended for non-payment is reactivated once their overdue invoices are settled (docs/billing.md, Dunning). */
const liftSuspensionIfSettled = (ctx: PaymentContext, tx: Transaction, memberId: string) =>
  liftSuspensionsOf(tx, { now: ctx.now(), timeZone: ctx.club.timeZone, actorId: ctx.actor.id }, [memberId]);

async function whyNotPayable(tx: Transaction, id: string): Promise<BusinessError> {
  const invoice = await currentState(tx, id);
  if (!invoice) return CollectionErrors.invoiceNotFound;
  const payable = (PAYABLE_STATUSES as readonly string[]).includes(invoice.status) && invoice.totalCents > 0n;
  return payable ? CollectionErrors.overpayment : CollectionErrors.invoiceNotPayable;
}

/**
 * What payments and refunds share: the date checked, then in one transaction the invoice's state changed by `apply`
 * (its conditional UPDATE, or the reason it matched nothing) and the movement recorded.
 */
function moveMoney(
  ctx: PaymentContext,
  kind: Movement["kind"],
  input: NewPayment,
  apply: (tx: Transaction) => Promise<Result<InvoiceState>>,
  andThen?: (tx: Transaction, recorded: RecordedMovement) => Promise<void>,
): Promise<Result<RecordedMovement>> {
  const paidOn = paidOnOrToday(ctx, input.paidOn);
  if (!paidOn.ok) return Promise.resolve(paidOn);
  return rollbackOnFailure(ctx.db, async (tx) => {
    const invoice = await apply(tx);
    if (!invoice.ok) return invoice;
    // Nothing is paid, or paid back, on an invoice before it was issued (the state change above rolls back).
    if (paidOn.value < invoice.value.issuedOn)
      return fail(
        invalidFields({ paidOn: [`The payment date cannot be before the invoice's date, ${invoice.value.issuedOn}.`] }),
      );
    const recorded = await recordMovement(ctx, tx, invoice.value, {
      kind,
      amountCents: input.amount,
      method: input.method,
      paidOn: paidOn.value,
      reference: input.reference ?? null,
    });
    if (recorded.ok && andThen) await andThen(tx, recorded.value);
    return recorded;
  });
}

/**
 * Records a payment or part payment at the desk or by transfer; more than what is still due is refused (409). The
 * member gets its receipt by email (payment-receipt), queued in the same transaction; its PDF is receipts.ts's.
 */
export function recordPayment(
  ctx: PaymentContext,
  invoiceId: string,
  input: NewPayment,
): Promise<Result<RecordedMovement>> {
  return moveMoney(
    ctx,
    "payment",
    input,
    async (tx) => {
      const invoice = await applyPayment(tx, invoiceId, input.amount, PAYABLE_STATUSES);
      if (!invoice) return fail(await whyNotPayable(tx, invoiceId));
      if (invoice.status === "paid") await liftSuspensionIfSettled(ctx, tx, invoice.memberId);
      return ok(invoice);
    },
    (tx, recorded) => mailReceipt(ctx, tx, recorded),
  );
}

/** Queues the payment's receipt to the member, in their language (deduplicated per payment). */
async function mailReceipt(ctx: PaymentContext, tx: Transaction, { payment, invoice }: RecordedMovement) {
  const [member] = await tx
    .select({ firstName: members.firstName, email: members.email, language: members.language })
    .from(members)
    .where(eq(members.id, invoice.memberId));
  if (!member) return;
  await enqueueMail(tx, {
    template: "payment-receipt",
    to: member.email,
    dedupeKey: `payment-receipt:${payment.id}`,
    props: {
      ...(await letterWith(tx, ctx.club, member)),
      memberName: member.firstName,
      invoiceNumber: invoice.number,
      amount: payment.amount,
      currency: invoice.currency,
      method: payment.method,
      paidOn: payment.paidOn,
      reference: payment.reference,
      stillOwed: invoice.amountDue,
    },
  });
}

export type RecordedRefund = RecordedMovement & {
  /** The rectifying invoice that credited what the refund gave back beyond the money held; null when none was needed. */
  rectifyingInvoice: { id: string; number: string } | null;
};

/**
 * Gives money back, up to what has been paid. A refund never makes the member owe more (docs/billing.md, Refunds): it
 * first gives back the money the club holds for them on the invoice (paid and credited beyond its total), and what goes
 * beyond that is credited in the same transaction by a rectifying invoice, so a paid invoice stays `paid` (or becomes
 * `cancelled` once credited in full). Only `reopensInvoice` (a payment recorded by mistake) makes it owed again: a
 * paid or partly paid invoice returns to `partially_paid` or `open`. The invoice's row is locked first.
 */
export async function recordRefund(
  ctx: PaymentContext,
  invoiceId: string,
  input: NewRefund,
): Promise<Result<RecordedRefund>> {
  let rectifying: RecordedRefund["rectifyingInvoice"] = null;
  const recorded = await moveMoney(ctx, "refund", input, async (tx) => {
    const locked = await lockInvoice(tx, invoiceId);
    if (!locked) return fail(CollectionErrors.invoiceNotFound);
    if (input.amount > locked.paidCents) return fail(CollectionErrors.refundExceedsPaid);
    const beyondHeld = input.amount - refundDueCents(locked);
    if (!input.reopensInvoice && beyondHeld > 0n) {
      const change = { now: ctx.now(), timeZone: ctx.club.timeZone, actorId: ctx.actor.id };
      const reason = input.reference ?? refundCreditText(locked.language);
      const issued = await creditInvoice(tx, change, locked, beyondHeld, reason);
      rectifying = { id: issued.id, number: issued.number };
    }
    const [invoice] = await tx
      .update(invoices)
      .set({
        paidCents: sql`${invoices.paidCents} - ${input.amount}`,
        status: sql`case when ${invoices.status} not in ('paid', 'partially_paid') then ${invoices.status}
          when ${owedCents(sql`${invoices}`, sql`(${invoices.paidCents} - ${input.amount})`)} = 0 then 'paid'
          when ${invoices.paidCents} = ${input.amount} then 'open' else 'partially_paid' end::invoice_status`,
        statusChangedAt: sql`now()`,
      })
      .where(eq(invoices.id, invoiceId))
      .returning(stateColumns);
    if (!invoice) throw new Error(`locked invoice ${invoiceId} was not updated`);
    return ok(invoice);
  });
  return recorded.ok ? ok({ ...recorded.value, rectifyingInvoice: rectifying }) : recorded;
}

/** Gives up collecting what is still due: the invoice becomes `written_off` (kept, as every issued invoice). */
export async function writeOffInvoice(
  ctx: PaymentContext,
  invoiceId: string,
  input: WriteOff,
): Promise<Result<InvoiceDetail>> {
  const written = await rollbackOnFailureAnswering(
    ctx.db,
    async (tx) => {
      const [invoice] = await tx
        .update(invoices)
        .set({ status: "written_off", statusChangedAt: sql`now()` })
        .where(
          and(
            eq(invoices.id, invoiceId),
            eq(invoices.kind, "invoice"),
            inArray(invoices.status, [...PAYABLE_STATUSES]),
          ),
        )
        .returning(stateColumns);
      if (!invoice) {
        return fail<string>(
          (await currentState(tx, invoiceId))
            ? CollectionErrors.invoiceNotWriteOffable
            : CollectionErrors.invoiceNotFound,
        );
      }
      await recordAudit(tx, {
        action: "billing.invoice_written_off",
        severity: "Warning",
        actorId: ctx.actor.id,
        entity: "invoice",
        entityId: invoiceId,
        data: {
          number: invoiceNumber(invoice.series, invoice.year, invoice.number),
          memberId: invoice.memberId,
          writtenOffAmount: fromCents(invoice.owedCents),
          reason: input.reason,
        },
      });
      await liftSuspensionIfSettled(ctx, tx, invoice.memberId);
      return ok(invoiceId);
    },
    async (tx) => (await findInvoice(tx, invoiceId)) as InvoiceDetail,
  );
  return written;
}
