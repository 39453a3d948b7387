import { and, asc, count, desc, eq, gt, isNull, lte, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PostalAddress } from "@/lib/billing/invoice-document";
import type { MailLanguage } from "@/lib/mail/recipient-language";
import type { Executor } from "@/lib/platform/db";
import { builtOncePerExecutor } from "@/lib/platform/db/built-once";
import { containing } from "@/lib/platform/db/like";
import { memberCounts, members, plans, subscriptions } from "@/lib/platform/db/schema";
import { offsetOf, type Paginated, paginated } from "@/lib/platform/pagination";
import {
  MEMBER_STATUSES,
  type MemberFilters,
  type MemberInput,
  type MemberListQuery,
  type MemberStatus,
} from "./schemas";

type CurrentPlan = { id: string; name: string; code: string };

export type MemberListItem = {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  status: MemberStatus;
  /** YYYY-MM-DD. */
  joinedOn: string;
  currentPlan: CurrentPlan | null;
  subscriptionEndsAt: Date | null;
};

/**
 * The subscription in force, as the member detail shows it: an abridged term read straight from its table, so the
 * member module needs nothing from lib/subscriptions (which builds on members).
 */
type CurrentSubscription = Pick<
  typeof subscriptions.$inferSelect,
  "id" | "planId" | "billingPeriod" | "startedAt" | "endsAt" | "price" | "currency" | "autoRenew" | "status"
> & { planName: string };

export type MemberDetail = Omit<MemberListItem, "currentPlan" | "subscriptionEndsAt"> & {
  /** YYYY-MM-DD. */
  birthDate: string | null;
  notes: string | null;
  /** The language of the member's emails; null: the club's default. */
  language: MailLanguage | null;
  /** The member as an invoice's customer: DNI/NIE/NIF (compact) and postal address, both optional. */
  taxId: string | null;
  address: PostalAddress | null;
  photoFileId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
  currentSubscription: CurrentSubscription | null;
};

export const live = isNull(members.deletedAt);

/**
 * A subscription in force now: active, started and not yet ended. A renewal queued to start at the current
 * end is not in force yet, and a term past its end is over even before the expiry job marks it expired.
 */
// statement_timestamp(), not now(): inside the transaction that starts a term (its answer is read there), now() is
// when that transaction began, before the term's start was taken.
export const termInForce = and(
  eq(subscriptions.status, "active"),
  lte(subscriptions.startedAt, sql`statement_timestamp()`),
  gt(subscriptions.endsAt, sql`statement_timestamp()`),
);
/** The exclusion constraint lets a member have one active term at any instant, so this join never multiplies a member. */
const currentTerm = and(eq(subscriptions.memberId, members.id), termInForce);
const planOfTerm = eq(plans.id, subscriptions.planId);

const fullName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

const lastNameKey = sql<string>`lower(${members.lastName})`;
const firstNameKey = sql<string>`lower(${members.firstName})`;

/**
 * Each order is total (it ends in a unique key) and matches an index of members.ts, so the first pages
 * read a few index entries whatever the table's size. Email is unique among live members on its own.
 */
const ORDER_KEYS: Record<MemberListQuery["orderBy"], SQL[]> = {
  lastName: [lastNameKey, firstNameKey, sql`${members.id}`],
  firstName: [firstNameKey, lastNameKey, sql`${members.id}`],
  email: [sql`lower(${members.email})`],
  joinedOn: [sql`${members.joinedOn}`, sql`${members.id}`],
  status: [sql`${members.status}`, lastNameKey, firstNameKey, sql`${members.id}`],
  createdAt: [sql`${members.createdAt}`, sql`${members.id}`],
};

const searchWords = (filters: MemberFilters) => filters.search?.split(/\s+/).filter(Boolean) ?? [];

/**
 * Live members with the status, whose search text contains every pattern (ignoring case): the values, or the
 * placeholders of a prepared list query. The trigram index answers words of three or more characters;
 * shorter words are checked on the rows it finds.
 */
function liveMembersWhere(
  status: MemberStatus | Placeholder | undefined,
  patterns: readonly (string | Placeholder)[],
): SQL | undefined {
  return and(
    live,
    status === undefined ? undefined : eq(members.status, status),
    ...patterns.map((pattern) => sql`${members.searchText} like lower(${pattern})`),
  );
}

const memberFilter = (filters: MemberFilters): SQL | undefined =>
  liveMembersWhere(filters.status, searchWords(filters).map(containing));

const listColumns = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  phone: members.phone,
  status: members.status,
  joinedOn: members.joinedOn,
  currentPlan: { id: plans.id, name: plans.name, code: plans.code },
  subscriptionEndsAt: subscriptions.endsAt,
};

type ListRow = Omit<MemberListItem, "fullName">;
// Field by field: V8 copies an object rest (`{ a, ...rest }`) through a slow runtime path (docs/performance.md).
const toListItem = (row: ListRow): MemberListItem => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  fullName: fullName(row),
  email: row.email,
  phone: row.phone,
  status: row.status,
  joinedOn: row.joinedOn,
  currentPlan: row.currentPlan,
  subscriptionEndsAt: row.subscriptionEndsAt,
});

/** Live members per status, from the counters the triggers of migration 0006 keep: four rows, whatever the club's size. */
export async function countMembersByStatus(executor: Executor): Promise<Record<MemberStatus, number>> {
  const counts = Object.fromEntries(MEMBER_STATUSES.map((status) => [status, 0])) as Record<MemberStatus, number>;
  for (const row of await executor.select().from(memberCounts)) counts[row.status] = row.live;
  return counts;
}

/** What a list query's SQL depends on; its values (page, status, patterns) are placeholders. */
type ListShape = Pick<MemberListQuery, "orderBy" | "orderDirection"> & { byStatus: boolean; words: number };

const wordPlaceholder = (index: number) => sql.placeholder(`word${index}`);

/**
 * A page in two steps: the page's ids alone (for the default order an index-only scan, so even a deep OFFSET
 * walks the index, not the table), then those rows with their current plan. The total is a sum of the counters
 * the triggers of migration 0006 keep, unless there are search words: then it counts the matches, which the
 * trigram index finds (the cost grows with the number of matches, not of members).
 */
function listStatements(executor: Executor, shape: ListShape) {
  const status = shape.byStatus ? sql.placeholder("status") : undefined;
  const where = liveMembersWhere(
    status,
    Array.from({ length: shape.words }, (_, index) => wordPlaceholder(index)),
  );
  const direction = shape.orderDirection === "asc" ? asc : desc;
  const order = ORDER_KEYS[shape.orderBy].map((key) => direction(key));
  const page = executor
    .select({ id: members.id })
    .from(members)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  const rows = executor
    .select(listColumns)
    .from(page)
    .innerJoin(members, eq(members.id, page.id))
    .leftJoin(subscriptions, currentTerm)
    .leftJoin(plans, planOfTerm)
    .orderBy(...order)
    .prepare("member_list_page");
  const total =
    shape.words > 0
      ? executor.select({ n: count() }).from(members).where(where).prepare("member_list_total")
      : executor
          .select({ n: sql<number>`coalesce(sum(${memberCounts.live}), 0)::int` })
          .from(memberCounts)
          .where(status ? eq(memberCounts.status, status) : undefined)
          .prepare("member_list_total");
  return { rows, total };
}

type ListStatements = ReturnType<typeof listStatements>;

/** Per executor, the statements of each list shape asked for: at most 6 orders × 2 directions × 2 × 51 word counts. */
const listStatementsByShape = builtOncePerExecutor(() => new Map<string, ListStatements>());

export async function selectMemberPage(executor: Executor, query: MemberListQuery): Promise<Paginated<MemberListItem>> {
  const words = searchWords(query);
  const shape: ListShape = {
    orderBy: query.orderBy,
    orderDirection: query.orderDirection,
    byStatus: query.status !== undefined,
    words: words.length,
  };
  const key = `${shape.orderBy}:${shape.orderDirection}:${shape.byStatus}:${shape.words}`;
  const statements = listStatementsByShape(executor);
  let statement = statements.get(key);
  if (!statement) {
    statement = listStatements(executor, shape);
    statements.set(key, statement);
  }
  const values = {
    limit: query.pageSize,
    offset: offsetOf(query),
    status: query.status,
    ...Object.fromEntries(words.map((word, index) => [`word${index}`, containing(word)])),
  };
  const [rows, [counted]] = await Promise.all([statement.rows.execute(values), statement.total.execute(values)]);
  return paginated(rows.map(toListItem), counted?.n ?? 0, query);
}

/** Where an export batch resumes: the sort key of the last row sent. */
export type ExportCursor = { lastName: string; firstName: string; id: string };

export type ExportRow = MemberListItem & Pick<MemberDetail, "birthDate" | "notes" | "createdAt">;

/**
 * The next `size` members after `cursor` in the list's default order (keyset pagination): each batch is an
 * index range scan from where the previous one stopped, however far into the table it is.
 */
export async function selectExportBatch(
  executor: Executor,
  filters: MemberFilters,
  cursor: ExportCursor | null,
  size: number,
): Promise<{ rows: ExportRow[]; next: ExportCursor | null }> {
  const after = cursor
    ? sql`(${lastNameKey}, ${firstNameKey}, ${members.id}) > (${cursor.lastName}, ${cursor.firstName}, ${cursor.id})`
    : undefined;
  const rows = await executor
    .select({
      ...listColumns,
      birthDate: members.birthDate,
      notes: members.notes,
      createdAt: members.createdAt,
      cursor: { lastName: lastNameKey, firstName: firstNameKey, id: members.id },
    })
    .from(members)
    .leftJoin(subscriptions, currentTerm)
    .leftJoin(plans, planOfTerm)
    .where(and(memberFilter(filters), after))
    .orderBy(...ORDER_KEYS.lastName.map((key) => asc(key)))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor: _cursor, birthDate, notes, createdAt, ...row }) => ({
      ...toListItem(row),
      birthDate,
      notes,
      createdAt,
    })),
    next: rows.length === size && last ? last.cursor : null,
  };
}

const detailColumns = {
  id: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  phone: members.phone,
  birthDate: members.birthDate,
  status: members.status,
  joinedOn: members.joinedOn,
  notes: members.notes,
  language: members.language,
  taxId: members.taxId,
  addressLine: members.addressLine,
  postalCode: members.postalCode,
  city: members.city,
  province: members.province,
  country: members.country,
  photoFileId: members.photoFileId,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
  version: members.version,
};

/** The member's subscription in force now (active, started, not ended), or null. */
async function findCurrentSubscription(executor: Executor, memberId: string): Promise<CurrentSubscription | null> {
  const [row] = await executor
    .select({ term: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, planOfTerm)
    .where(and(eq(subscriptions.memberId, memberId), termInForce));
  if (!row) return null;
  const { id, planId, billingPeriod, startedAt, endsAt, price, currency, autoRenew, status } = row.term;
  return { id, planId, planName: row.planName, billingPeriod, startedAt, endsAt, price, currency, autoRenew, status };
}

/** A live member with the subscription in force now; null for an unknown or soft-deleted member. */
export async function findMemberDetail(executor: Executor, id: string): Promise<MemberDetail | null> {
  const [member] = await executor
    .select(detailColumns)
    .from(members)
    .where(and(eq(members.id, id), live));
  if (!member) return null;
  const { createdAt, updatedAt, version, addressLine, postalCode, city, province, country, ...fields } = member;
  return {
    ...fields,
    fullName: fullName(fields),
    address:
      addressLine && postalCode && city
        ? { line: addressLine, postalCode, city, province, country: country ?? "ES" }
        : null,
    createdAt,
    updatedAt,
    version,
    currentSubscription: await findCurrentSubscription(executor, id),
  };
}

/**
 * Locks a live member's row for the rest of the transaction and answers its stored fields, or null when there
 * is no live member with that id. FOR UPDATE conflicts with the key-share lock a new subscription's foreign key
 * takes, so a delete waits for a subscription being added and then sees it; and a writer that locks here before
 * adding a subscription waits for a delete and then finds no live member (deleted_at is re-checked after the wait).
 */
export async function lockLiveMember(executor: Executor, id: string) {
  const [member] = await executor
    .select({
      version: members.version,
      status: members.status,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      phone: members.phone,
      birthDate: members.birthDate,
      joinedOn: members.joinedOn,
      notes: members.notes,
      language: members.language,
      taxId: members.taxId,
      addressLine: members.addressLine,
      postalCode: members.postalCode,
      city: members.city,
      province: members.province,
      country: members.country,
    })
    .from(members)
    .where(and(eq(members.id, id), live))
    .for("update");
  return member ?? null;
}

/** Whether a live member other than `exceptId` has the email, ignoring case (the rule members_email_key enforces). */
export async function emailInUse(executor: Executor, email: string, exceptId?: string): Promise<boolean> {
  const [found] = await executor
    .select({ id: members.id })
    .from(members)
    .where(and(sql`lower(${members.email}) = lower(${email})`, live, exceptId ? ne(members.id, exceptId) : undefined))
    .limit(1);
  return found !== undefined;
}

export async function hasActiveSubscription(executor: Executor, memberId: string): Promise<boolean> {
  const [found] = await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.status, "active")))
    .limit(1);
  return found !== undefined;
}

/**
 * The stored values of an input; `joinedOn`, `language`, `taxId` and the address stay undefined when omitted (today and the club's default on
 * create, unchanged on update).
 */
export function memberValues(input: MemberInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone || null,
    birthDate: input.birthDate ?? null,
    joinedOn: input.joinedOn,
    notes: input.notes || null,
    language: input.language,
    taxId: input.taxId,
    // Omitted: unchanged; null: cleared.
    addressLine: input.address === undefined ? undefined : (input.address?.line ?? null),
    postalCode: input.address === undefined ? undefined : (input.address?.postalCode ?? null),
    city: input.address === undefined ? undefined : (input.address?.city ?? null),
    province: input.address === undefined ? undefined : (input.address?.province ?? null),
    country: input.address === undefined ? undefined : (input.address?.country ?? null),
  };
}
