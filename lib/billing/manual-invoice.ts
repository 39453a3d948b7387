import { and, eq, isNull } from "drizzle-orm";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import { members } from "@/lib/platform/db/schema";
import { rollbackOnFailureAnswering } from "@/lib/platform/db/transaction";
import { toCents } from "@/lib/platform/money";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import { type Acting, actorIdOf, type ServiceContext } from "@/lib/services/context";
import { dueDatesFor } from "./collections/collection-date";
import { BillingErrors } from "./errors";
import { issueInvoices } from "./issue";
import { applyMemberCredit } from "./member-credit";
import { customerOf, readBillingSettings } from "./parties";
import { findInvoice, type InvoiceDetail } from "./repository";
import type { NewInvoice } from "./schemas";

/**
 * Issues an invoice staff write line by line (a locker, a towel, a course: docs/billing.md, Invoices staff write), each
 * line at its own IVA rate or exempt with its ground, so one invoice can mix an exempt fee and a 21 % locker. It is an
 * invoice like a term's (numbered in series F, chained, its VERI*FACTU record, a simplified one without the member's
 * NIF), only without a term; the member's credit pays it at once.
 */
export async function issueManualInvoice(
  ctx: Pick<ServiceContext, "db" | "club" | "now"> & Acting,
  input: NewInvoice,
): Promise<Result<InvoiceDetail>> {
  const now = ctx.now();
  const today = localDate(now, ctx.club.timeZone);
  if (input.dueOn && input.dueOn < today) {
    return fail(invalidFields({ dueOn: ["The due date cannot be before today, the issue date."] }));
  }
  const issued = await rollbackOnFailureAnswering(
    ctx.db,
    async (tx) => {
      const [member] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.id, input.memberId), isNull(members.deletedAt)))
        .for("share");
      if (!member) return fail<string>(BillingErrors.memberNotFound);
      const billing = await readBillingSettings(tx);
      if (!billing.issuer) return fail<string>(BillingErrors.billingNotStarted);
      const { customer, language } = await customerOf(tx, member.id);
      const dueOn = input.dueOn ?? (await dueDatesFor(tx, [member.id], today))(member.id, today);
      const actorId = actorIdOf(ctx);
      const [invoice] = await issueInvoices(
        tx,
        { kind: "invoice", issuedAt: now, timeZone: ctx.club.timeZone, actorId },
        [
          {
            memberId: member.id,
            subscriptionId: null,
            rectifies: null,
            language: recipientLanguage({ preferred: language, clubDefault: ctx.club.language }),
            currency: ctx.club.currency,
            issuer: billing.issuer,
            customer,
            dueOn,
            lines: input.lines.map((line) => ({
              description: line.description,
              planId: null,
              serviceFrom: today,
              serviceTo: today,
              totalCents: toCents(line.amount),
              taxRateBasisPoints: line.exemptReason ? 0 : (line.taxRate ?? billing.defaultTaxRateBasisPoints),
              exemptReason: line.exemptReason ?? null,
            })),
          },
        ],
      );
      if (!invoice) throw new Error("no invoice was issued");
      await applyMemberCredit(tx, { now, timeZone: ctx.club.timeZone, actorId }, [member.id]);
      return ok(invoice.id);
    },
    async (tx, done) => (await findInvoice(tx, done)) as InvoiceDetail,
  );
  return issued;
}
