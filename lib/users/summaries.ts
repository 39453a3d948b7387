import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { containing } from "@/lib/platform/db/like";
import { countRowsOf, selectPage } from "@/lib/platform/db/paged-select";
import { users } from "@/lib/platform/db/schema";
import type { Paginated } from "@/lib/platform/pagination";
import type { UserListQuery } from "./schemas";

/** How the API shows a user to staff: never the password hash or lockout counters. */
export type UserSummary = {
  id: string;
  email: string;
  /** An email change waiting for the new address to confirm it (lib/users/email-change.ts). */
  pendingEmail: string | null;
  username: string;
  firstName: string;
  lastName: string;
  roles: string[];
  isActive: boolean;
  isBlacklisted: boolean;
  blacklistReason: string | null;
  mustChangePassword: boolean;
  emailVerified: boolean;
  /** When staff last emailed an invitation to choose a password (lib/staff); null for accounts made otherwise. */
  invitedAt: Date | null;
  /** Invited and not yet accepted: the email is unverified until the invitation (or a reset link) is followed. */
  invitationPending: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  /** The record's version, its ETag: each change adds 1 (docs/api.md, Concurrency control). */
  version: number;
};

const summaryColumns = {
  id: users.id,
  email: users.email,
  // The address of the account's live email-change link, if any: the change exists exactly while its link works.
  pendingEmail: sql<string | null>`(select t.new_email from one_time_tokens t
    where t.user_id = "users"."id" and t.purpose = 'change_email' and t.used_at is null and t.expires_at > now()
    order by t.created_at desc limit 1)`,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  // Written out with aliases: drizzle leaves columns unqualified in a single-table select, which a correlated subquery cannot use.
  roles: sql<
    string[]
  >`coalesce((select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '{}')`,
  isActive: users.isActive,
  isBlacklisted: sql<boolean>`${users.blacklistedAt} is not null`,
  blacklistReason: users.blacklistReason,
  mustChangePassword: users.mustChangePassword,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  invitedAt: users.invitedAt,
  invitationPending: sql<boolean>`${users.invitedAt} is not null and ${users.emailVerifiedAt} is null`,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  version: users.version,
};

const ORDER_COLUMNS = {
  email: sql`lower(${users.email})`,
  username: sql`lower(${users.username})`,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} satisfies Record<UserListQuery["orderBy"], unknown>;

function filterOf(query: Pick<UserListQuery, "search" | "status">): SQL | undefined {
  const pattern = query.search ? containing(query.search) : undefined;
  return and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
        )
      : undefined,
    query.status === "active" ? and(eq(users.isActive, true), isNull(users.blacklistedAt)) : undefined,
    query.status === "inactive" ? eq(users.isActive, false) : undefined,
    query.status === "blacklisted" ? isNotNull(users.blacklistedAt) : undefined,
  );
}

export function selectUserPage(executor: Executor, query: UserListQuery): Promise<Paginated<UserSummary>> {
  const direction = query.orderDirection === "asc" ? asc : desc;
  return selectPage(
    { rows: executor.select(summaryColumns).from(users).$dynamic(), count: countRowsOf(executor, users) },
    filterOf(query),
    [direction(ORDER_COLUMNS[query.orderBy]), asc(users.id)],
    query,
  );
}

export async function findUserSummary(executor: Executor, id: string): Promise<UserSummary | null> {
  const [summary] = await executor.select(summaryColumns).from(users).where(eq(users.id, id));
  return summary ?? null;
}
