import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { localDate } from "@/lib/platform/calendar";
import type { Executor, Transaction } from "@/lib/platform/db";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { members, sepaMandates } from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, invalidFields, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import type { MandateListQuery, NewMandate } from "./mandate-schemas";
import { SepaErrors } from "./sepa/errors";
import { maskIban, needsDebtorAddress } from "./sepa/identifiers";

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
  revokedAt: sepaMandates.revokedAt,
  createdAt: sepaMandates.createdAt,
};

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
  return mandate ?? null;
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
  await recordAudit(tx, {
    action: "billing.mandate_created",
    severity: "Info",
    actorId: ctx.actor.id,
    entity: "member",
    entityId: memberId,
    data: auditData(created),
  });
  return ok(created);
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
  return ok(
    await selectPage(
      { rows: ctx.db.select(mandateColumns).from(sepaMandates).$dynamic(), count: countRowsOf(ctx.db, sepaMandates) },
      eq(sepaMandates.memberId, memberId),
      [direction(ORDER_COLUMNS[query.orderBy]), direction(sepaMandates.createdAt), direction(sepaMandates.id)],
      query,
    ),
  );
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
    await recordAudit(tx, {
      action: "billing.mandate_revoked",
      severity: "Warning",
      actorId: ctx.actor.id,
      entity: "member",
      entityId: memberId,
      data: auditData(revoked),
    });
    return ok(revoked);
  });
}
