import { aliasedTable, and, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Executor, Transaction } from "@/lib/platform/db";
import { acceptsVersion, type ExpectedVersion, nextVersion, staleVersion } from "@/lib/platform/db/row-version";
import { executeRows } from "@/lib/platform/db/rows";
import { members } from "@/lib/platform/db/schema";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import type { Paginated } from "@/lib/platform/pagination";
import { fail, ok, type Result } from "@/lib/platform/result";
import type { Acting, ServiceContext } from "@/lib/services/context";
import { MemberErrors } from "./errors";
import {
  emailInUse,
  findMemberDetail,
  hasActiveSubscription,
  live,
  lockLiveMember,
  type MemberDetail,
  type MemberListItem,
  memberValues,
  selectMemberPage,
} from "./repository";
import { clubToday, type MemberInput, type MemberListQuery, type MemberStatus, type StatusChange } from "./schemas";
import { MEMBER_STATUS_CHANGED, type Standing, staffStatusChange, standingOf } from "./status";

/** What the member services need: the database and who acts (for the audit trail). */
export type MemberContext = Pick<ServiceContext, "db" | "club"> & Acting;

export async function listMembers(
  ctx: Pick<MemberContext, "db">,
  query: MemberListQuery,
): Promise<Paginated<MemberListItem>> {
  return selectMemberPage(ctx.db, query);
}

/** A live member with the subscription in force now; Member.NotFound for an unknown or deleted one. */
export async function getMember(ctx: Pick<MemberContext, "db">, id: string): Promise<Result<MemberDetail>> {
  const member = await findMemberDetail(ctx.db, id);
  return member ? ok(member) : fail(MemberErrors.notFound);
}

/**
 * Runs a member write and answers the member as it then is. A clash on the live-email index means a
 * parallel write took the email after this one checked it: Member.DuplicateEmail, not a 500.
 */
async function writeMember(
  ctx: MemberContext,
  work: (tx: Transaction) => Promise<Result<string>>,
): Promise<Result<MemberDetail>> {
  try {
    return await commitWhatever(ctx.db, async (tx) => {
      const written = await work(tx);
      return written.ok ? ok((await findMemberDetail(tx, written.value)) as MemberDetail) : written;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === "members_email_key") return fail(MemberErrors.duplicateEmail);
    throw error;
  }
}

/**
 * Adds a member in the caller's transaction and answers its id. Joins today in the club's time zone unless `joinedOn`
 * says otherwise. A member without a subscription is inactive; enrollment, which starts their first term in the same
 * transaction, adds them `subscribing`: active from the start, so the trail has no inactive → active step.
 */
export async function addMember(
  tx: Executor,
  actorId: string | null,
  input: MemberInput,
  timeZone: string,
  options: { subscribing?: boolean } = {},
): Promise<Result<string>> {
  if (await emailInUse(tx, input.email)) return fail(MemberErrors.duplicateEmail);
  const [created] = await tx
    .insert(members)
    .values({
      ...memberValues(input),
      joinedOn: input.joinedOn ?? clubToday(timeZone),
      status: options.subscribing ? "active" : "inactive",
    })
    .returning({ id: members.id });
  if (!created) throw new Error("insert returned no member");
  await recordAudit(tx, {
    action: "members.created",
    severity: "Info",
    actorId,
    entity: "member",
    entityId: created.id,
  });
  return ok(created.id);
}

export function createMember(ctx: MemberContext, input: MemberInput): Promise<Result<MemberDetail>> {
  return writeMember(ctx, (tx) => addMember(tx, ctx.actor.id, input, ctx.club.timeZone));
}

/**
 * Replaces the member's fields (an omitted joinedOn keeps the stored date). The audit entry names the fields
 * that changed, not their values: personal data stays where it can be corrected or erased, and the audit
 * trail is immutable. A PUT that changes nothing writes nothing. `expected` (If-Match) is checked on the locked row,
 * so a writer that loaded an older version gets Precondition.Failed instead of overwriting a change it never saw.
 */
export function updateMember(
  ctx: MemberContext,
  id: string,
  input: MemberInput,
  expected?: ExpectedVersion,
): Promise<Result<MemberDetail>> {
  return writeMember(ctx, async (tx) => {
    const stored = await lockLiveMember(tx, id);
    if (!stored) return fail(MemberErrors.notFound);
    if (!acceptsVersion(expected, stored.version)) return fail(staleVersion(stored.version));
    const values = memberValues(input);
    const changed = (Object.keys(values) as Array<keyof typeof values>).filter(
      (field) => values[field] !== undefined && values[field] !== stored[field],
    );
    if (changed.length === 0) return ok(id);
    if (changed.includes("email") && (await emailInUse(tx, input.email, id))) return fail(MemberErrors.duplicateEmail);
    await tx
      .update(members)
      .set({ ...values, updatedAt: new Date(), version: nextVersion(members.version) })
      .where(eq(members.id, id));
    await recordAudit(tx, {
      action: "members.updated",
      severity: "Info",
      actorId: ctx.actor.id,
      entity: "member",
      entityId: id,
      data: { changed },
    });
    return ok(id);
  });
}

/**
 * Soft delete: the row stays (subscriptions and the audit trail keep pointing at it) with deleted_at set, and
 * disappears from every read; its email becomes free for a new member. Refused while any subscription of the
 * member is active, a queued renewal included.
 */
export function deleteMember(ctx: MemberContext, id: string, expected?: ExpectedVersion): Promise<Result<null>> {
  return commitWhatever(ctx.db, async (tx) => {
    const stored = await lockLiveMember(tx, id);
    if (!stored) return fail(MemberErrors.notFound);
    if (!acceptsVersion(expected, stored.version)) return fail(staleVersion(stored.version));
    if (await hasActiveSubscription(tx, id)) return fail(MemberErrors.hasActiveSubscription);
    const now = new Date();
    await tx
      .update(members)
      .set({ deletedAt: now, updatedAt: now, version: nextVersion(members.version) })
      .where(eq(members.id, id));
    await recordAudit(tx, {
      action: "members.deleted",
      severity: "Warning",
      actorId: ctx.actor.id,
      entity: "member",
      entityId: id,
    });
    return ok(null);
  });
}

/**
 * Staff suspend a member, or lift a suspension (status.ts): the member then gets the status their subscriptions give.
 * Setting the status the member already has changes nothing.
 */
export function changeMemberStatus(
  ctx: MemberContext,
  id: string,
  change: StatusChange,
): Promise<Result<MemberDetail>> {
  return writeMember(ctx, async (tx) => {
    const stored = await lockLiveMember(tx, id);
    if (!stored) return fail(MemberErrors.notFound);
    const [standing] = await executeRows<{ status: Standing }>(
      tx,
      sql`select ${standingOf(sql`${id}::uuid`, new Date())} as status`,
    );
    if (!standing) throw new Error("member_standing answered no row");
    const next = staffStatusChange(stored.status, change.status, standing.status);
    if (!next.ok) return next;
    if (stored.status === next.value) return ok(id);
    await tx
      .update(members)
      .set({ status: next.value, updatedAt: new Date(), version: nextVersion(members.version) })
      .where(eq(members.id, id));
    await recordAudit(
      tx,
      statusChangeAudit(id, { from: stored.status, to: next.value, reason: change.reason ?? null }, ctx.actor.id),
    );
    return ok(id);
  });
}

function statusChangeAudit(
  memberId: string,
  change: { from: MemberStatus; to: MemberStatus; reason: string | null },
  actorId: string | null,
) {
  return {
    action: MEMBER_STATUS_CHANGED,
    severity: change.to === "suspended" ? ("Warning" as const) : ("Info" as const),
    actorId,
    entity: "member",
    entityId: memberId,
    data: change,
  };
}

/** The member row as it was before the statement, for the status an update replaces. */
const before = aliasedTable(members, "before");

/**
 * Puts a live member who is not suspended to the status their subscriptions give at `at`, in the caller's
 * transaction, after a change of their terms; a change is audited with `reason`. The caller holds the member's row
 * lock (lockLiveMember) from before it read the terms, so two changes of one member's terms settle in turn.
 */
export async function settleMemberStatus(
  tx: Transaction,
  memberId: string,
  change: { at: Date; actorId: string | null; reason: string },
): Promise<void> {
  const standing = standingOf(sql`${members.id}`, change.at);
  const [settled] = await tx
    .update(members)
    .set({ status: standing, updatedAt: new Date(), version: nextVersion(members.version) })
    .from(before)
    .where(
      and(
        eq(before.id, members.id),
        eq(members.id, memberId),
        live,
        ne(members.status, "suspended"),
        ne(members.status, standing),
      ),
    )
    .returning({ from: before.status, to: members.status });
  if (!settled) return;
  await recordAudit(tx, statusChangeAudit(memberId, { ...settled, reason: change.reason }, change.actorId));
}
