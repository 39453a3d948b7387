import { eq } from "drizzle-orm";
import { members } from "@/lib/platform/db/schema";
import { rollbackOnFailureAnswering } from "@/lib/platform/db/transaction";
import { toCents } from "@/lib/platform/money";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import { type Acting, actorIdOf, type ServiceContext } from "@/lib/services/context";
import { type ChainVerification, verifyChain } from "./chain";
import { BillingErrors } from "./errors";
import { applyMemberCredit } from "./member-credit";
import { creditInvoice, lockInvoice } from "./rectification";
import { findInvoice, type InvoiceDetail, type InvoiceSummary, selectInvoicePage } from "./repository";
import type { InvoiceListQuery, MemberInvoiceListQuery, Rectification } from "./schemas";

type BillingContext = Pick<ServiceContext, "db">;

export async function listInvoices(ctx: BillingContext, query: InvoiceListQuery): Promise<Paginated<InvoiceSummary>> {
  return selectInvoicePage(ctx.db, query);
}

/** A member's invoices, deleted members' included (invoices outlive them: they are kept for the tax years). */
export async function listMemberInvoices(
  ctx: BillingContext,
  memberId: string,
  query: MemberInvoiceListQuery,
): Promise<Result<Paginated<InvoiceSummary>>> {
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) return fail(BillingErrors.memberNotFound);
  return ok(await selectInvoicePage(ctx.db, { ...query, memberId }));
}

export async function getInvoice(ctx: BillingContext, id: string): Promise<Result<InvoiceDetail>> {
  const invoice = await findInvoice(ctx.db, id);
  return invoice ? ok(invoice) : fail(BillingErrors.invoiceNotFound);
}

/** Re-hashes the whole chain: ok with the count, or the first broken link. */
export function verifyInvoiceChain(ctx: BillingContext): Promise<ChainVerification> {
  return verifyChain(ctx.db);
}

/**
 * Corrects an invoice (RD 1619/2012 art. 15) with a rectifying invoice that credits `amount` (IVA included; omitted:
 * all that is left), lib/billing/rectification.ts. The original's row lock makes a second rectification wait and then
 * see the first: never more than the invoice is credited. Money the member had paid beyond what is left owed becomes
 * their credit and goes to what else they owe (member-credit.ts).
 */
export async function rectifyInvoice(
  ctx: Pick<ServiceContext, "db" | "club" | "now"> & Acting,
  id: string,
  rectification: Rectification,
): Promise<Result<InvoiceDetail>> {
  const rectified = await rollbackOnFailureAnswering(
    ctx.db,
    async (tx) => {
      const invoice = await lockInvoice(tx, id);
      if (!invoice) return fail<string>(BillingErrors.invoiceNotFound);
      if (invoice.kind === "rectifying") return fail<string>(BillingErrors.rectifyingNotRectifiable);
      if (invoice.status === "cancelled") return fail<string>(BillingErrors.alreadyRectified);
      const left = invoice.totalCents - invoice.creditedCents;
      const amount = rectification.amount === undefined ? left : toCents(rectification.amount);
      if (amount > left) return fail<string>(BillingErrors.amountExceedsInvoice);
      const change = { now: ctx.now(), timeZone: ctx.club.timeZone, actorId: actorIdOf(ctx) };
      const issued = await creditInvoice(tx, change, invoice, amount, rectification.reason);
      await applyMemberCredit(tx, change, [invoice.memberId]);
      return ok(issued.id);
    },
    async (tx, done) => (await findInvoice(tx, done)) as InvoiceDetail,
  );
  return rectified;
}
