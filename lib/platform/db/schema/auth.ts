import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt, version } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** "pbkdf2-sha512$<iterations>$<salt b64>$<hash b64>": the cost travels with the hash so it can be raised. */
    passwordHash: text("password_hash").notNull(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    emailVerifiedAt: timestamptz("email_verified_at"),
    isActive: boolean("is_active").notNull().default(true),
    blacklistedAt: timestamptz("blacklisted_at"),
    blacklistReason: text("blacklist_reason"),
    lastLoginAt: timestamptz("last_login_at"),
    /**
     * When staff last emailed this account an invitation to choose its password (lib/staff); null for accounts made
     * otherwise. The invitation is pending while the email is unverified: accepting it (or a reset link) verifies it.
     */
    invitedAt: timestamptz("invited_at"),
    /** Carried by every access token; raising it refuses all tokens issued before (blacklist, deactivation, password change). */
    sessionVersion: integer("session_version").notNull().default(0),
    /** The console's language this user picked; null follows the club's (platform_settings.language). */
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    check("users_language", sql`${t.language} in ('en', 'es')`),
  ],
);

export const roles = pgTable(
  "roles",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    isBuiltIn: boolean("is_built_in").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("roles_name_key").on(sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

/** Refresh tokens are stored hashed; rotation links a family so reuse of a rotated token revokes it all. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    /** When the family's sign-in happened; rotation carries it, and SESSION_MAX_DAYS after it no refresh succeeds. */
    sessionStartedAt: timestamptz("session_started_at").notNull().defaultNow(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    rotatedAt: timestamptz("rotated_at"),
    revokedAt: timestamptz("revoked_at"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

export const oneTimeTokenPurpose = pgEnum("one_time_token_purpose", [
  "verify_email",
  "reset_password",
  "change_email",
  "accept_invitation",
]);

/** Single-use, expiring tokens sent by email (verification, password reset, a new email address, a staff invitation). */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: oneTimeTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    /** For `change_email`: the address the link was sent to, which becomes the account's email once confirmed. */
    newEmail: text("new_email"),
    /**
     * For `verify_email` after a sign-up: the password the applicant chose, applied to the account only when the link
     * is followed, so nobody can sign in with it before the address is proven (lib/auth/registration.ts).
     */
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * Failed-password throttles (docs/api.md, Login throttling), one row per key: a keyed hash of what is guessed at
 * (a sign-in email, known or not, with the kind of address; an account's change-password), never the plain value.
 * Attempts are counted before the password is checked, so parallel guesses cannot slip past the count.
 */
export const passwordThrottles = pgTable(
  "password_throttles",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull(),
    lastAttemptAt: timestamptz("last_attempt_at").notNull().defaultNow(),
    /** No attempt is admitted before this. */
    blockedUntil: timestamptz("blocked_until"),
  },
  (t) => [index("password_throttles_last_attempt_idx").on(t.lastAttemptAt)],
);

/** Addresses (keyed hashes of the IPv4 address or IPv6 /64) an account has signed in from with its password. */
export const knownSignInAddresses = pgTable(
  "known_sign_in_addresses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressHash: text("address_hash").notNull(),
    lastSignInAt: timestamptz("last_sign_in_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.addressHash] }),
    index("known_sign_in_addresses_last_idx").on(t.lastSignInAt),
  ],
);
