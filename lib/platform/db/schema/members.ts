import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt, version } from "./columns";
import { files } from "./files";

/** Money is numeric(12,2) end to end and travels as a decimal string, never a float. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const plans = pgTable(
  "plans",
  {
    id: id(),
    name: text("name").notNull(),
    code: text("code").notNull().unique("plans_code_key"),
    description: text("description"),
    monthlyPrice: money("monthly_price").notNull(),
    quarterlyPrice: money("quarterly_price"),
    annualPrice: money("annual_price"),
    isActive: boolean("is_active").notNull().default(true),
    /** The plan's IVA rate in basis points; null: the club's default. An exempt plan has 0 and the legal reason. */
    taxRateBasisPoints: integer("tax_rate_bp"),
    exemptReason: text("exempt_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check(
      "plans_prices_nonnegative",
      sql`${t.monthlyPrice} >= 0 and coalesce(${t.quarterlyPrice}, 0) >= 0 and coalesce(${t.annualPrice}, 0) >= 0`,
    ),
    check("plans_tax_rate_range", sql`${t.taxRateBasisPoints} between 0 and 10000`),
    // Exempt means a rate of 0 with its legal ground, and a rate of 0 is only ever an exemption.
    check(
      "plans_exemption_consistent",
      sql`(${t.exemptReason} is not null) = coalesce(${t.taxRateBasisPoints} = 0, false)`,
    ),
  ],
);

export const planBenefits = pgTable(
  "plan_benefits",
  {
    id: id(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("plan_benefits_plan_idx").on(t.planId, t.sortOrder)],
);

export const memberStatus = pgEnum("member_status", ["active", "inactive", "suspended", "expired"]);

export const members = pgTable(
  "members",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    birthDate: date("birth_date"),
    status: memberStatus("status").notNull().default("inactive"),
    joinedOn: date("joined_on").notNull().default(sql`current_date`),
    notes: text("notes"),
    photoFileId: uuid("photo_file_id").references(() => files.id, { onDelete: "set null" }),
    /** The language the member's emails are written in; null: the club's default (lib/mail/recipient-language.ts). */
    language: text("language").$type<"en" | "es">(),
    /** When the member's welcome email was queued: set once, by the first subscription, so it is sent once. */
    welcomedAt: timestamptz("welcomed_at"),
    /** The member as an invoice's customer: an optional DNI/NIE/NIF (validated, stored compact) and postal address. */
    taxId: text("tax_id"),
    addressLine: text("address_line"),
    postalCode: text("postal_code"),
    city: text("city"),
    province: text("province"),
    country: text("country"),
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    /**
     * What the member list's text search looks in: the names, the email and the phone as typed and as bare digits,
     * lower-cased once on write so a trigram index can answer "contains" searches.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower("first_name" || ' ' || "last_name" || ' ' || "email" || coalesce(' ' || "phone" || ' ' || translate("phone", '+-() ', ''), ''))`,
      ),
  },
  (t) => {
    // Every list query reads live members only, so every index leaves the soft-deleted out.
    const live = sql`${t.deletedAt} is null`;
    const lastName = sql`lower(${t.lastName})`;
    const firstName = sql`lower(${t.firstName})`;
    return [
      check("members_language_known", sql`${t.language} in ('en', 'es')`),
      uniqueIndex("members_email_key").on(sql`lower(${t.email})`).where(live),
      // The default order. The raw names ride along so a deep OFFSET is an index-only scan (the planner cannot
      // read lower(x) back out of the index without x).
      index("members_last_name_idx").on(lastName, firstName, t.id, t.lastName, t.firstName).where(live),
      index("members_first_name_idx").on(firstName, lastName, t.id).where(live),
      index("members_status_name_idx").on(t.status, lastName, firstName, t.id).where(live),
      index("members_joined_on_idx").on(t.joinedOn, t.id).where(live),
      index("members_created_at_idx").on(t.createdAt, t.id).where(live),
      index("members_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`).where(live),
    ];
  },
);

/**
 * Live members per status, kept exact by statement-level triggers on members (migration 0006_member_counts), so
 * the list's total and the statistics read four rows instead of counting every member. A status with no row has none.
 */
export const memberCounts = pgTable("member_counts", {
  status: memberStatus("status").primaryKey(),
  live: integer("live").notNull(),
});

export const billingPeriod = pgEnum("billing_period", ["monthly", "quarterly", "annual"]);
export const subscriptionStatus = pgEnum("subscription_status", ["active", "expired", "canceled"]);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    billingPeriod: billingPeriod("billing_period").notNull(),
    startedAt: timestamptz("started_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    price: money("price").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(false),
    status: subscriptionStatus("status").notNull().default("active"),
    canceledAt: timestamptz("canceled_at"),
    /** The subscription this one continues (renewal) or replaces (plan change). */
    previousSubscriptionId: uuid("previous_subscription_id").references((): AnyPgColumn => subscriptions.id),
    prorationCredit: money("proration_credit"),
    reminderSentAt: timestamptz("reminder_sent_at"),
    /**
     * The renewal notice of an auto-renewing term (Ley 10/2025: at least 15 days before the renewal is charged): when it
     * was queued, and the price it announced, which its renewal then charges whatever the plan costs by then.
     */
    renewalNoticeSentAt: timestamptz("renewal_notice_sent_at"),
    renewalPrice: money("renewal_price"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_member_idx").on(t.memberId, t.startedAt),
    // One live successor per term: a term is never renewed twice, even by two job instances at once.
    uniqueIndex("subscriptions_previous_key").on(t.previousSubscriptionId).where(sql`${t.status} <> 'canceled'`),
    index("subscriptions_plan_idx").on(t.planId).where(sql`${t.status} = 'active'`),
    index("subscriptions_due_idx").on(t.endsAt).where(sql`${t.status} = 'active'`),
    check("subscriptions_period_order", sql`${t.endsAt} > ${t.startedAt}`),
    check("subscriptions_price_nonnegative", sql`${t.price} >= 0`),
  ],
);
