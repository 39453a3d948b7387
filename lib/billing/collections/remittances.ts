import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { localDate } from "@/lib/platform/calendar";
import type { Executor, Transaction } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { executeRows } from "@/lib/platform/db/rows";
import { invoices, remittanceItems, remittances, sepaMandates } from "@/lib/platform/db/schema";
import { rollbackOnFailure, rollbackOnFailureAnswering } from "@/lib/platform/db/transaction";
import { fromCents } from "@/lib/platform/money";
import { type Paginated, withItems } from "@/lib/platform/pagination";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import type { Customer } from "../parties";
import type { Pain008Version } from "../sepa/remittance";
import { isTarget2BusinessDay, nextTarget2BusinessDay } from "../sepa/target2";
import { COLLECTABLE, collectableDebits, debitChoice, INVOICE_NUMBER, OWED, SEQUENCE } from "./collectable";
import { creditorOf } from "./creditor";
import { readDirectDebitSettings } from "./direct-debit-settings";
import { CollectionErrors } from "./errors";
import type { NewRemittance, RemittanceListQuery } from "./remittance-schemas";

/**
 * SEPA direct debit remittances (docs/billing.md, Remittances and returns): a draft collects the invoices due by a
 * collection date whose members have an active mandate, in one INSERT … SELECT; sending it marks its invoices
 * `pending_collection`. The partial unique index remittance_items_invoice_once keeps an invoice in one remittance at a
 * time (until its debit is returned), also between two builders.
 */
type RemittanceContext = Pick<ServiceContext, "db" | "club" | "now"> & Acting;

export type RemittanceSummary = {
  id: string;
  collectionDate: string;
  status: "draft" | "sent";
  messageId: string;
  /** The bank file's version and batch booking, from the settings when it was built: every download writes the same. */
  fileVersion: Pain008Version;
  batchBooking: boolean;
  itemCount: number;
  totalAmount: string;
  createdAt: Date;
  sentAt: Date | null;
};

type RemittanceItemView = {
  invoiceId: string;
  invoiceNumber: string;
  memberId: string;
  customerName: string;
  mandateId: string;
  mandateReference: string;
  amount: string;
  sequence: "FRST" | "RCUR";
  status: "included" | "returned" | "collected";
  returnReason: string | null;
  returnedAt: Date | null;
};

export type RemittanceDetail = RemittanceSummary & { items: RemittanceItemView[] };

const summaryColumns = {
  id: remittances.id,
  collectionDate: remittances.collectionDate,
  status: remittances.status,
  messageId: remittances.messageId,
  fileVersion: remittances.fileVersion,
  batchBooking: remittances.batchBooking,
  itemCount: remittances.itemCount,
  totalCents: remittances.totalCents,
  createdAt: remittances.createdAt,
  sentAt: remittances.sentAt,
};

type SummaryRow = { totalCents: bigint; fileVersion: string } & Omit<RemittanceSummary, "totalAmount" | "fileVersion">;

function summaryOf({ totalCents, fileVersion, ...row }: SummaryRow): RemittanceSummary {
  // The column's check constraint keeps it to the versions the builder writes.
  return { ...row, fileVersion: fileVersion as Pain008Version, totalAmount: fromCents(totalCents) };
}

/**
 * Adds every collectable invoice (or the chosen ones) to the remittance in one statement (collectable.ts): what is still
 * owed, under the member's active mandate, the invoice number as end-to-end id. Each debit keeps the mandate's account
 * as it is now and, while the mandate has an amendment the bank has not seen collected, the account before it (the
 * file announces the amendment on those debits: docs/billing.md, Mandate amendments).
 */
async function insertItems(tx: Transaction, remittanceId: string, input: NewRemittance, now: Date): Promise<number> {
  const rows = await executeRows<{ invoice_id: string }>(
    tx,
    sql`insert into remittance_items (remittance_id, invoice_id, mandate_id, amount_cents, sequence, end_to_end_id,
        debtor_iban, debtor_bic, original_iban, original_bic)
      select ${remittanceId}, ${invoices.id}, ${sepaMandates.id}, ${OWED}, ${SEQUENCE}::debit_sequence, ${INVOICE_NUMBER},
        ${sepaMandates.iban}, ${sepaMandates.bic}, ${sepaMandates.originalIban}, ${sepaMandates.originalBic}
      ${collectableDebits(input.collectionDate, await debitChoice(tx, now, input.invoiceIds))}
      on conflict (invoice_id) where status <> 'returned' do nothing
      returning invoice_id`,
  );
  return rows.length;
}

/** Builds a draft remittance for a collection date after today; audited `billing.remittance_generated`. */
export async function createRemittance(
  ctx: RemittanceContext,
  input: NewRemittance,
): Promise<Result<RemittanceDetail>> {
  if (input.collectionDate <= localDate(ctx.now(), ctx.club.timeZone)) {
    return fail(invalidFields({ collectionDate: ["The collection date must be after today."] }));
  }
  if (!isTarget2BusinessDay(input.collectionDate)) {
    const next = nextTarget2BusinessDay(input.collectionDate);
    return fail(
      invalidFields({
        collectionDate: [
          `Banks collect no direct debit on ${input.collectionDate}: TARGET2 is closed on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. The next collection day is ${next}.`,
        ],
      }),
    );
  }
  const created = await rollbackOnFailureAnswering(
    ctx.db,
    async (tx) => {
      if (!(await creditorOf(tx))) return fail<string>(CollectionErrors.creditorNotConfigured);
      const id = randomUUID();
      const { fileVersion, batchBooking } = await readDirectDebitSettings(tx);
      await tx.insert(remittances).values({
        id,
        collectionDate: input.collectionDate,
        fileVersion,
        batchBooking,
        // MsgId: unique for the creditor and at most 35 characters; the id without its hyphens is both.
        messageId: id.replaceAll("-", ""),
        itemCount: 0,
        totalCents: 0n,
        createdBy: ctx.actor.id,
      });
      const count = await insertItems(tx, id, input, ctx.now());
      if (count === 0) return fail<string>(CollectionErrors.nothingToCollect);
      if (input.invoiceIds && count < new Set(input.invoiceIds).size) {
        return fail<string>(CollectionErrors.invoicesNotCollectable);
      }
      const [totals] = await tx
        .update(remittances)
        .set({
          itemCount: count,
          totalCents: sql`(select coalesce(sum(amount_cents), 0) from remittance_items where remittance_id = ${id})`,
        })
        .where(eq(remittances.id, id))
        .returning({ totalCents: remittances.totalCents });
      await recordAudit(tx, {
        action: "billing.remittance_generated",
        severity: "Info",
        actorId: ctx.actor.id,
        entity: "remittance",
        entityId: id,
        data: {
          collectionDate: input.collectionDate,
          fileVersion,
          batchBooking,
          itemCount: count,
          totalAmount: fromCents(totals?.totalCents ?? 0n),
        },
      });
      return ok(id);
    },
    async (tx, done) => (await findRemittance(tx, done)) as RemittanceDetail,
  );
  return created;
}

export async function listRemittances(
  ctx: Pick<ServiceContext, "db">,
  query: RemittanceListQuery,
): Promise<Paginated<RemittanceSummary>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  const order = query.orderBy === "collectionDate" ? remittances.collectionDate : remittances.createdAt;
  const page = await selectPage(
    { rows: ctx.db.select(summaryColumns).from(remittances).$dynamic(), count: countRowsOf(ctx.db, remittances) },
    undefined,
    [direction(order), direction(remittances.id)],
    query,
  );
  return withItems(page, page.items.map(summaryOf));
}

async function findRemittance(executor: Executor, id: string): Promise<RemittanceDetail | null> {
  const [remittance] = await executor.select(summaryColumns).from(remittances).where(eq(remittances.id, id));
  if (!remittance) return null;
  const items = await executor
    .select({
      invoiceId: remittanceItems.invoiceId,
      invoiceNumber: remittanceItems.endToEndId,
      memberId: invoices.memberId,
      customer: invoices.customer,
      mandateId: remittanceItems.mandateId,
      mandateReference: sepaMandates.reference,
      amountCents: remittanceItems.amountCents,
      sequence: remittanceItems.sequence,
      status: remittanceItems.status,
      returnReason: remittanceItems.returnReason,
      returnedAt: remittanceItems.returnedAt,
    })
    .from(remittanceItems)
    .innerJoin(invoices, eq(invoices.id, remittanceItems.invoiceId))
    .innerJoin(sepaMandates, eq(sepaMandates.id, remittanceItems.mandateId))
    .where(eq(remittanceItems.remittanceId, id))
    .orderBy(asc(remittanceItems.endToEndId));
  return {
    ...summaryOf(remittance),
    items: items.map(({ customer, amountCents, ...item }) => ({
      ...item,
      customerName: (customer as Customer).name,
      amount: fromCents(amountCents),
    })),
  };
}

export async function getRemittance(ctx: Pick<ServiceContext, "db">, id: string): Promise<Result<RemittanceDetail>> {
  const remittance = await findRemittance(ctx.db, id);
  return remittance ? ok(remittance) : fail(CollectionErrors.remittanceNotFound);
}

async function whyNotDraft(tx: Transaction, id: string) {
  const [remittance] = await tx.select({ id: remittances.id }).from(remittances).where(eq(remittances.id, id));
  return remittance ? CollectionErrors.remittanceAlreadySent : CollectionErrors.remittanceNotFound;
}

/**
 * Marks a draft sent (its file is with the bank): its invoices become `pending_collection`, and the mandates it used
 * for a first collection become `recurring`, so the next remittance sends RCUR. Refused when an invoice changed since
 * the draft was built (its amount owed is no longer the debit's), so the bank never collects a stale amount.
 */
export async function sendRemittance(ctx: RemittanceContext, id: string): Promise<Result<RemittanceDetail>> {
  const sent = await rollbackOnFailureAnswering(
    ctx.db,
    async (tx) => {
      const [remittance] = await tx
        .update(remittances)
        .set({ status: "sent", sentAt: ctx.now(), sentBy: ctx.actor.id })
        .where(and(eq(remittances.id, id), eq(remittances.status, "draft")))
        .returning({ itemCount: remittances.itemCount, totalCents: remittances.totalCents });
      if (!remittance) return fail<string>(await whyNotDraft(tx, id));
      const marked = await executeRows<{ id: string }>(
        tx,
        sql`update ${invoices} set status = 'pending_collection', status_changed_at = now()
        from remittance_items item
        where item.remittance_id = ${id} and item.invoice_id = ${invoices.id} and ${COLLECTABLE}
          and ${OWED} = item.amount_cents
        returning ${invoices.id}`,
      );
      if (marked.length !== remittance.itemCount) return fail<string>(CollectionErrors.remittanceOutdated);
      await tx.execute(
        sql`update ${sepaMandates} set sequence = 'recurring', updated_at = now()
        where ${sepaMandates.id} in (select mandate_id from remittance_items where remittance_id = ${id} and sequence = 'FRST')`,
      );
      await recordAudit(tx, {
        action: "billing.remittance_sent",
        severity: "Info",
        actorId: ctx.actor.id,
        entity: "remittance",
        entityId: id,
        data: { itemCount: remittance.itemCount, totalAmount: fromCents(remittance.totalCents) },
      });
      return ok(id);
    },
    async (tx) => (await findRemittance(tx, id)) as RemittanceDetail,
  );
  return sent;
}

/** Deletes a draft (its items with it), freeing its invoices for another remittance; a sent one is kept. */
export function deleteRemittance(ctx: RemittanceContext, id: string): Promise<Result<null>> {
  return rollbackOnFailure(ctx.db, async (tx) => {
    const [deleted] = await tx
      .delete(remittances)
      .where(and(eq(remittances.id, id), eq(remittances.status, "draft")))
      .returning({ collectionDate: remittances.collectionDate, itemCount: remittances.itemCount });
    if (!deleted) return fail(await whyNotDraft(tx, id));
    await recordAudit(tx, {
      action: "billing.remittance_deleted",
      severity: "Info",
      actorId: ctx.actor.id,
      entity: "remittance",
      entityId: id,
      data: deleted,
    });
    return ok(null);
  });
}
