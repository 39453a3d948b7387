import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { localDate } from "@/lib/platform/calendar";
import type { Executor, Transaction } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { members, sepaMandates } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { type Paginated, withItems } from "@/lib/platform/pagination";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import type { MandateAmendmentInput, MandateListQuery, NewMandate } from "./mandate-schemas";
import { SepaErrors } from "./sepa/errors";
import { maskIban, needsDebtorAddress, sameDebtorBank } from "./sepa/identifiers";

/**
 * SEPA Core direct debit mandates (docs/billing.md, SEPA direct debit): what a member signed to let the club collect
 * their invoices from their account. A member has at most one active mandate (the database's partial unique index
 * sepa_mandates_one_active decides between two requests); a revoked one is kept, as the rulebook asks.
 */
type MandateContext = Pick<ServiceContext, "db" | "club" | "now">;

const mandateColumns = {
  id: sepaMandates.id,
  memberId: sepaMandates.memberId,
  iban: sepaMandates.iban,
  bic: sepaMandates.bic,
  reference: sepaMandates.reference,
  signedOn: sepaMandates.signedOn,
  sequence: sepaMandates.sequence,
  status: sepaMandates.status,
  originalIban: sepaMandates.originalIban,
  originalBic: sepaMandates.originalBic,
  amendedAt: sepaMandates.amendedAt,
  revokedAt: sepaMandates.revokedAt,
  createdAt: sepaMandates.createdAt,
};

type MandateRow = Omit<Mandate, "pendingAmendment"> & {
  originalIban: string | null;
  originalBic: string | null;
  amendedAt: Date | null;
};

function mandateOf({ originalIban, originalBic, amendedAt, ...row }: MandateRow): Mandate {
  return {
    ...row,
    pendingAmendment: originalIban && amendedAt ? { originalIban, originalBic, amendedAt } : null,
  };
}

export type Mandate = {
  id: string;
  memberId: string;
  /** In full: staff holding billing:read talk to the member about it. Audit entries keep it masked. */
  iban: string;
  bic: string | null;
  reference: string;
  signedOn: string;
  sequence: "first" | "recurring";
  status: "active" | "revoked";
  /** An IBAN/BIC change the bank has not yet seen on a collected debit: the next remittance announces it. */
  pendingAmendment: { originalIban: string; originalBic: string | null; amendedAt: Date } | null;
  revokedAt: Date | null;
  createdAt: Date;
};

const ORDER_COLUMNS = { createdAt: sepaMandates.createdAt, signedOn: sepaMandates.signedOn } as const;

async function liveMemberExists(executor: Executor, memberId: string): Promise<boolean> {
  const [member] = await executor
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  return member !== undefined;
}

async function findMandate(executor: Executor, memberId: string, id: string): Promise<Mandate | null> {
  const [mandate] = await executor
    .select(mandateColumns)
    .from(sepaMandates)
    .where(and(eq(sepaMandates.id, id), eq(sepaMandates.memberId, memberId)));
  return mandate ? mandateOf(mandate) : null;
}

async function hasActiveMandate(executor: Executor, memberId: string): Promise<boolean> {
  const [active] = await executor
    .select({ id: sepaMandates.id })
    .from(sepaMandates)
    .where(and(eq(sepaMandates.memberId, memberId), eq(sepaMandates.status, "active")));
  return active !== undefined;
}

/** What an audit entry says about a mandate: the IBAN masked, so the trail never holds a whole account number. */
function auditData(mandate: Mandate) {
  const { id, reference, signedOn, sequence, bic } = mandate;
  return { mandateId: id, reference, signedOn, sequence, bic, iban: maskIban(mandate.iban) };
}

/** Whether the member's record has the postal address a debit from outside the EEA must carry. */
async function hasPostalAddress(executor: Executor, memberId: string): Promise<boolean> {
  const [member] = await executor
    .select({ line: members.addressLine, postalCode: members.postalCode, city: members.city })
    .from(members)
    .where(eq(members.id, memberId));
  return Boolean(member?.line && member.postalCode && member.city);
}

async function insertMandate(ctx: MandateContext & Acting, tx: Transaction, memberId: string, input: NewMandate) {
  if (!(await liveMemberExists(tx, memberId))) return fail(SepaErrors.memberNotFound);
  if (needsDebtorAddress(input.iban) && !(await hasPostalAddress(tx, memberId))) {
    return fail(SepaErrors.debtorAddressRequired);
  }
  if (input.signedOn > localDate(ctx.now(), ctx.club.timeZone)) {
    return fail(invalidFields({ signedOn: ["The signature date cannot be after today."] }));
  }
  if (await hasActiveMandate(tx, memberId)) return fail(SepaErrors.mandateAlreadyActive);
  const [created] = await tx
    .insert(sepaMandates)
    .values({
      memberId,
      iban: input.iban,
      bic: input.bic ?? null,
      ...(input.reference && { reference: input.reference }),
      signedOn: input.signedOn,
      sequence: input.sequence,
      createdBy: ctx.actor.id,
    })
    .returning(mandateColumns);
  if (!created) throw new Error("insert returned no mandate");
  const mandate = mandateOf(created);
  await recordAudit(tx, {
    action: "billing.mandate_created",
    severity: "Info",
    actorId: ctx.actor.id,
    entity: "member",
    entityId: memberId,
    data: auditData(mandate),
  });
  return ok(mandate);
}

/**
 * Registers a signed mandate. A second active mandate of the member is refused (Billing.MandateAlreadyActive), also
 * when two requests race past the check: the partial unique index refuses the later insert. A reference another
 * mandate has is Billing.MandateReferenceTaken.
 */
export async function createMandate(
  ctx: MandateContext & Acting,
  memberId: string,
  input: NewMandate,
): Promise<Result<Mandate>> {
  try {
    return await rollbackOnFailure(ctx.db, (tx) => insertMandate(ctx, tx, memberId, input));
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === "sepa_mandates_one_active") return fail(SepaErrors.mandateAlreadyActive);
    if (constraint === "sepa_mandates_reference_key") return fail(SepaErrors.mandateReferenceTaken);
    throw error;
  }
}

/** A page of the member's mandates, active and revoked (spec 2.10). */
export async function listMandates(
  ctx: Pick<ServiceContext, "db">,
  memberId: string,
  query: MandateListQuery,
): Promise<Result<Paginated<Mandate>>> {
  if (!(await liveMemberExists(ctx.db, memberId))) return fail(SepaErrors.memberNotFound);
  const direction = query.orderDirection === "asc" ? asc : desc;
  const page = await selectPage(
    { rows: ctx.db.select(mandateColumns).from(sepaMandates).$dynamic(), count: countRowsOf(ctx.db, sepaMandates) },
    eq(sepaMandates.memberId, memberId),
    [direction(ORDER_COLUMNS[query.orderBy]), direction(sepaMandates.createdAt), direction(sepaMandates.id)],
    query,
  );
  return ok(withItems(page, page.items.map(mandateOf)));
}

/** One mandate of a live member: what a created mandate's `Location` names. */
export async function getMandate(
  ctx: Pick<ServiceContext, "db">,
  memberId: string,
  id: string,
): Promise<Result<Mandate>> {
  if (!(await liveMemberExists(ctx.db, memberId))) return fail(SepaErrors.memberNotFound);
  const mandate = await findMandate(ctx.db, memberId, id);
  return mandate ? ok(mandate) : fail(SepaErrors.mandateNotFound);
}

/**
 * Revokes an active mandate: no later remittance collects under it. One conditional UPDATE, so of two revocations one
 * revokes and the other is told it is already revoked (Billing.MandateNotActive).
 */
export function revokeMandate(ctx: MandateContext & Acting, memberId: string, id: string): Promise<Result<Mandate>> {
  return rollbackOnFailure(ctx.db, async (tx) => {
    if (!(await liveMemberExists(tx, memberId))) return fail(SepaErrors.memberNotFound);
    const now = ctx.now();
    const [revoked] = await tx
      .update(sepaMandates)
      .set({ status: "revoked", revokedAt: now, revokedBy: ctx.actor.id, updatedAt: now })
      .where(and(eq(sepaMandates.id, id), eq(sepaMandates.memberId, memberId), eq(sepaMandates.status, "active")))
      .returning(mandateColumns);
    if (!revoked) {
      return fail((await findMandate(tx, memberId, id)) ? SepaErrors.mandateNotActive : SepaErrors.mandateNotFound);
    }
    const mandate = mandateOf(revoked);
    await recordAudit(tx, {
      action: "billing.mandate_revoked",
      severity: "Warning",
      actorId: ctx.actor.id,
      entity: "member",
      entityId: memberId,
      data: auditData(mandate),
    });
    return ok(mandate);
  });
}

/**
 * Amends an active mandate when the member moves to another account (docs/billing.md, Mandate amendments): same
 * reference and signature, a new IBAN (and BIC), instead of a revocation and a new mandate that would start again with
 * FRST. The account the bank last collected from is kept as `original_iban` until a debit carrying the amendment is
 * collected (settleRemittance clears it): until then every remittance announces it (AmdmntInd). Amended again before
 * that, the original stays the first one, which is the account the debtor's bank knows; amended back to it, nothing is
 * left to announce. The row is locked, so two amendments are applied one after the other. Audited
 * `billing.mandate_amended` (Warning: the account money is taken from changed) with both IBANs masked.
 */
export function amendMandate(
  ctx: MandateContext & Acting,
  memberId: string,
  id: string,
  input: MandateAmendmentInput,
): Promise<Result<Mandate>> {
  return rollbackOnFailure(ctx.db, async (tx) => {
    if (!(await liveMemberExists(tx, memberId))) return fail(SepaErrors.memberNotFound);
    const [current] = await tx
      .select(mandateColumns)
      .from(sepaMandates)
      .where(and(eq(sepaMandates.id, id), eq(sepaMandates.memberId, memberId)))
      .for("update");
    if (!current) return fail(SepaErrors.mandateNotFound);
    if (current.status !== "active") return fail(SepaErrors.mandateNotActive);
    const bic = input.bic ?? null;
    if (input.iban === current.iban && bic === current.bic) return fail(SepaErrors.mandateAccountUnchanged);
    if (needsDebtorAddress(input.iban) && !(await hasPostalAddress(tx, memberId))) {
      return fail(SepaErrors.debtorAddressRequired);
    }
    const original = current.originalIban
      ? { iban: current.originalIban, bic: current.originalBic }
      : { iban: current.iban, bic: current.bic };
    const backToOriginal = input.iban === original.iban && (bic ?? original.bic) === original.bic;
    const now = ctx.now();
    const [amended] = await tx
      .update(sepaMandates)
      .set({
        iban: input.iban,
        bic,
        originalIban: backToOriginal ? null : original.iban,
        originalBic: backToOriginal ? null : original.bic,
        amendedAt: backToOriginal ? null : now,
        updatedAt: now,
      })
      .where(eq(sepaMandates.id, id))
      .returning(mandateColumns);
    if (!amended) throw new Error("update returned no mandate");
    const mandate = mandateOf(amended);
    await recordAudit(tx, {
      action: "billing.mandate_amended",
      severity: "Warning",
      actorId: ctx.actor.id,
      entity: "member",
      entityId: memberId,
      data: {
        ...auditData(mandate),
        previousIban: maskIban(current.iban),
        previousBic: current.bic,
        // What the next collection tells the debtor's bank (pain008.ts, amendment).
        announced: backToOriginal
          ? null
          : sameDebtorBank(original, { iban: input.iban, bic })
            ? "original_account"
            : "SMNDA",
      },
    });
    return ok(mandate);
  });
}

/**
 * Once a debit that carried a mandate's amendment is collected, the debtor's bank knows the account it was taken from:
 * a mandate still on that account has nothing left to announce; one amended again since then announces the change from
 * that account. One statement for a settled remittance.
 */
export async function clearCarriedAmendments(
  tx: Transaction,
  remittanceId: string,
  invoiceIds: readonly string[],
): Promise<void> {
  if (invoiceIds.length === 0) return;
  await tx.execute(
    sql`update ${sepaMandates} m set
        original_iban = case when item.debtor_iban = m.iban then null else item.debtor_iban end,
        original_bic = case when item.debtor_iban = m.iban then null else item.debtor_bic end,
        amended_at = case when item.debtor_iban = m.iban then null else coalesce(m.amended_at, now()) end,
        updated_at = now()
      from (select distinct on (mandate_id) mandate_id, debtor_iban, debtor_bic from remittance_items
        where remittance_id = ${remittanceId} and status = 'collected' and original_iban is not null
          and invoice_id = any(string_to_array(${invoiceIds.join(",")}, ',')::uuid[])) item
      where m.id = item.mandate_id`,
  );
}
