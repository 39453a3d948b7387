import { type SQL, sql } from "drizzle-orm";
import { invoiceRenewedTerms } from "@/lib/billing/renewal-invoices";
import { clubLetter, letterSql } from "@/lib/mail/recipient-language";
import { MEMBER_STATUS_CHANGED, standingOf } from "@/lib/members/status";
import type { DatabaseAdapter, Executor } from "@/lib/platform/db";
import { commitWhatever } from "@/lib/platform/db/transaction";
import { currentTraceId } from "@/lib/platform/trace";
import type { ClubDefaults } from "@/lib/settings/club-settings";

/**
 * The nightly subscription jobs. Each is a few set-based statements, so a night with 100,000 due
 * subscriptions is as many statements as a night with one, and each is idempotent: running it twice, or on
 * two instances at once, changes nothing the second time (the database refuses a second live successor).
 * The renewal and expiry jobs first lock the rows of the members they will touch, as every service changing a member's
 * terms does (lifecycle.ts), and then work from a snapshot taken after those locks: a cancellation or a new
 * subscription of one of those members either committed before (and the job sees it) or waits for the job (and then
 * settles the member's status itself), so neither leaves a wrong status or renews a term just canceled.
 */
export type SubscriptionJobDependencies = {
  database: DatabaseAdapter;
  /** The defaults of the club's stored time zone and currency, which each run reads when it starts. */
  config: ClubDefaults;
};

const RENEWAL_BATCH = 10_000;
const BATCHES_AT_A_TIME = 2;

type Renewals = { renewed: number; mailed: number; invoiced: number };

/**
 * The SQL twin of priceFor(): the plan's price for the period, else the monthly price times its months (over `s`, a
 * subscription, and `p`, its plan; parity-tested in twins.int.test.ts).
 */
export const periodPrice = sql`case s.billing_period
  when 'monthly' then p.monthly_price
  when 'quarterly' then coalesce(p.quarterly_price, p.monthly_price * 3)
  else coalesce(p.annual_price, p.monthly_price * 12) end`;

/**
 * With termEnd(), the SQL twin of addMonths(): calendar months at the same wall-clock time in the club's zone, clamped
 * to month end (parity-tested in twins.int.test.ts).
 */
export const termLength = sql`case s.billing_period when 'monthly' then interval '1 month' when 'quarterly' then interval '3 months' else interval '12 months' end`;

/** The end of a term starting at `start` that lasts `length` (an interval of months), on the club's wall clock. */
export const termEnd = (start: SQL, length: SQL, zone: string) =>
  sql`((${start} at time zone ${zone}) + ${length}) at time zone ${zone}`;

/** A term with no live successor: not renewed yet (a canceled renewal does not count). */
const notRenewed = sql`not exists (select 1 from subscriptions r where r.previous_subscription_id = s.id and r.status <> 'canceled')`;

async function counts(database: DatabaseAdapter, executor: Executor, statement: SQL): Promise<Record<string, number>> {
  const [row] = await database.rows<Record<string, string | number>>(executor, statement);
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

/** Terms due for auto-renewal at `now`, over `s` (the term), `p` (its plan) and `m` (its member). */
const dueForRenewal = (now: Date) => sql`s.status = 'active' and s.auto_renew
  and s.ends_at <= ${now.toISOString()}::timestamptz + interval '24 hours'
  and p.is_active and m.deleted_at is null and m.status <> 'suspended' and ${notRenewed}`;

/**
 * ProcessAutoRenewalsJob (spec 3.1, 8): every active, auto-renewing term ending within 24 hours gets its next
 * term, starting at its end, at the price its renewal notice announced (sendRenewalNotices), else the plan's current price; the member goes back to active if they had lapsed
 * (a suspension stays); a renewal confirmation is queued and the renewal audited, all in the same statement; the new
 * terms are then invoiced set-based in the same transaction once billing has started (lib/billing/renewal-invoices.ts).
 * Terms of deactivated plans, suspended or deleted members are not renewed and expire.
 */
export async function processAutoRenewals(
  deps: SubscriptionJobDependencies,
  now = new Date(),
  batchSize = RENEWAL_BATCH,
): Promise<Renewals> {
  const club = await clubLetter(deps.database.db, deps.config);
  const total: Renewals = { renewed: 0, mailed: 0, invoiced: 0 };
  const add = (batch: Renewals) => {
    total.renewed += batch.renewed;
    total.mailed += batch.mailed;
    total.invoiced += batch.invoiced;
  };
  // Two batches at a time: while one holds the invoice counter and the chain head (issuing its invoices), the next
  // renews its terms and drafts its invoices, so the database and Node work side by side; issuing stays one batch after
  // the other, in the order the counter and the chain head are locked.
  const running: Promise<Renewals>[] = [];
  // Where the previous batch ended: each batch reads on from there instead of passing again over the terms the batches
  // before it renewed (they stay active and due until they end), which made every batch slower than the last.
  let after = null as { endsAt: string; id: string } | null;
  for (;;) {
    const terms = await deps.database.rows<{ id: string; ends_at: string }>(
      deps.database.db,
      sql`select s.id, s.ends_at::text as ends_at from subscriptions s join plans p on p.id = s.plan_id join members m on m.id = s.member_id
        where ${dueForRenewal(now)} ${after ? sql`and (s.ends_at, s.id) > (${after.endsAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by s.ends_at, s.id limit ${batchSize}`,
    );
    const last = terms.at(-1);
    if (!last) break;
    after = { endsAt: last.ends_at, id: last.id };
    const batch = renewBatch(
      deps,
      club,
      now,
      terms.map((term) => term.id),
    );
    // Awaited below; until then a failure must not count as unhandled.
    batch.catch(() => {});
    running.push(batch);
    if (running.length === BATCHES_AT_A_TIME) add(await (running.shift() as Promise<Renewals>));
    if (terms.length < batchSize) break;
  }
  for (const batch of running) add(await batch);
  return total;
}

/**
 * One batch of renewals in its own transaction: its terms' members locked, the terms still due (re-checked in a
 * snapshot taken after the locks) renewed, then invoiced.
 */
async function renewBatch(
  deps: SubscriptionJobDependencies,
  club: Awaited<ReturnType<typeof clubLetter>>,
  now: Date,
  termIds: readonly string[],
): Promise<Renewals> {
  const { timeZone: zone, currency } = club;
  return commitWhatever(deps.database.db, async (tx) => {
    const locked = await deps.database.rows<{ id: string }>(
      tx,
      sql`select s.id from subscriptions s join plans p on p.id = s.plan_id join members m on m.id = s.member_id
        where s.id = any(${`{${termIds.join(",")}}`}::uuid[]) and ${dueForRenewal(now)} for update of m`,
    );
    if (locked.length === 0) return { renewed: 0, mailed: 0, invoiced: 0 };
    const lockedIds = `{${locked.map((term) => term.id).join(",")}}`;
    const renewal = await counts(
      deps.database,
      tx,
      sql`with due as (
      select s.id, s.member_id, s.plan_id, s.billing_period, s.ends_at,
        -- The price its renewal notice announced, else the plan's current one.
        coalesce(s.renewal_price, ${periodPrice}) as price, ${termLength} as length
      from subscriptions s
      join plans p on p.id = s.plan_id
      join members m on m.id = s.member_id
      where s.id = any(${lockedIds}::uuid[]) and ${dueForRenewal(now)}
    ), renewed as (
      insert into subscriptions (member_id, plan_id, billing_period, started_at, ends_at, price, currency, auto_renew, previous_subscription_id)
      select member_id, plan_id, billing_period, ends_at, ${termEnd(sql`ends_at`, sql`length`, zone)}, price, ${currency}, true, id
      from due
      on conflict do nothing
      returning id, member_id, plan_id, ends_at, price, previous_subscription_id
    ), reactivated as (
      update members m set status = 'active', updated_at = now(), version = m.version + 1
      from members lapsed
      where lapsed.id = m.id and m.id in (select member_id from renewed) and m.status in ('expired', 'inactive')
      returning m.id, lapsed.status as previous_status
    ), reactivation_audited as (
      insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
      select ${MEMBER_STATUS_CHANGED}, 'Info', 'member', r.id::text,
        jsonb_build_object('from', r.previous_status, 'to', 'active', 'reason', 'Renewed automatically'), ${currentTraceId() ?? null}
      from reactivated r
      returning 1
    ), mailed as (
      insert into mail_outbox (template, to_address, props, dedupe_key)
      select 'renewal-confirmation', m.email,
        jsonb_build_object('memberName', m.first_name, 'planName', p.name, 'newEndsOn', to_char(r.ends_at at time zone ${zone}, 'YYYY-MM-DD'),
          'price', r.price::text, 'currency', ${currency}::text, ${letterSql(club, sql`m.language`)}),
        'renewal-confirmation:' || r.id
      from renewed r join members m on m.id = r.member_id join plans p on p.id = r.plan_id
      on conflict do nothing
      returning id
    ), audited as (
      insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
      select 'subscriptions.auto_renewed', 'Info', 'subscription', r.id::text,
        jsonb_build_object('memberId', r.member_id, 'previousSubscriptionId', r.previous_subscription_id, 'price', r.price::text),
        ${currentTraceId() ?? null}
      from renewed r
      returning 1
    )
    select (select count(*) from renewed) as renewed, (select count(*) from mailed) as mailed`,
    );
    const invoiced = await invoiceRenewedTerms(
      tx,
      club,
      locked.map((term) => term.id),
      now,
    );
    return { renewed: renewal.renewed ?? 0, mailed: renewal.mailed ?? 0, invoiced };
  });
}

/**
 * CheckExpiringSubscriptionsJob (spec 6, 8): one renewal reminder per term that ends within 7 days and will
 * not renew by itself (no auto-renewal, no renewal queued). The dedupe key makes it one per term, ever.
 */
export async function sendRenewalReminders(
  deps: SubscriptionJobDependencies,
  now = new Date(),
): Promise<{ reminded: number }> {
  const club = await clubLetter(deps.database.db, deps.config);
  const zone = club.timeZone;
  const result = await counts(
    deps.database,
    deps.database.db,
    sql`with reminded as (
      insert into mail_outbox (template, to_address, props, dedupe_key)
      select 'renewal-reminder', m.email,
        jsonb_build_object('memberName', m.first_name, 'planName', p.name, 'endsOn', to_char(s.ends_at at time zone ${zone}, 'YYYY-MM-DD'),
          'daysLeft', (s.ends_at at time zone ${zone})::date - (${now.toISOString()}::timestamptz at time zone ${zone})::date,
          ${letterSql(club, sql`m.language`)}),
        'renewal-reminder:' || s.id
      from subscriptions s join members m on m.id = s.member_id join plans p on p.id = s.plan_id
      where s.status = 'active' and not s.auto_renew and m.deleted_at is null
        and s.ends_at > ${now.toISOString()}::timestamptz and s.ends_at <= ${now.toISOString()}::timestamptz + interval '7 days' and ${notRenewed}
      on conflict (dedupe_key) do nothing
      returning substring(dedupe_key from 18)::uuid as subscription_id
    ), marked as (
      update subscriptions set reminder_sent_at = ${now.toISOString()}::timestamptz where id in (select subscription_id from reminded) returning 1
    )
    select count(*) as reminded from reminded`,
  );
  return { reminded: result.reminded ?? 0 };
}

/**
 * How many days before an automatic renewal its notice goes out: Ley 10/2025 asks for at least 15, and the daily job
 * sends it on its first run within 16, so it arrives 15 to 16 days ahead.
 */
const RENEWAL_NOTICE_DAYS = 16;

/**
 * The renewal notice Spanish consumer law asks for (Ley 10/2025; TRLGDCU art. 97.1.p): each
 * auto-renewing term that would renew within 16 days gets, once, the `renewal-notice` mail with the date, the price and
 * how to cancel; that price is stored on the term (renewal_price) and is what its renewal charges, whatever the plan
 * costs by then. Audited `subscriptions.renewal_noticed`, the club's proof that it told the member. Terms that will not
 * renew (a deactivated plan, a suspended or deleted member) get none.
 */
export async function sendRenewalNotices(
  deps: SubscriptionJobDependencies,
  now = new Date(),
): Promise<{ noticed: number }> {
  const club = await clubLetter(deps.database.db, deps.config);
  const { timeZone: zone, currency } = club;
  const at = now.toISOString();
  const result = await counts(
    deps.database,
    deps.database.db,
    sql`with due as (
      select s.id, s.member_id, s.ends_at, ${periodPrice} as price, m.email, m.first_name, m.language, p.name as plan_name
      from subscriptions s join plans p on p.id = s.plan_id join members m on m.id = s.member_id
      where s.status = 'active' and s.auto_renew and s.renewal_notice_sent_at is null
        and s.ends_at > ${at}::timestamptz and s.ends_at <= ${at}::timestamptz + make_interval(days => ${RENEWAL_NOTICE_DAYS})
        and p.is_active and m.deleted_at is null and m.status <> 'suspended' and ${notRenewed}
    ), noticed as (
      update subscriptions s set renewal_notice_sent_at = ${at}::timestamptz, renewal_price = due.price, updated_at = now()
      from due where s.id = due.id and s.renewal_notice_sent_at is null
      returning s.id
    ), mailed as (
      insert into mail_outbox (template, to_address, props, dedupe_key)
      select 'renewal-notice', due.email,
        jsonb_build_object('memberName', due.first_name, 'planName', due.plan_name,
          'renewsOn', to_char(due.ends_at at time zone ${zone}, 'YYYY-MM-DD'), 'price', due.price::text,
          'currency', ${currency}::text, ${letterSql(club, sql`due.language`)}),
        'renewal-notice:' || due.id
      from due join noticed on noticed.id = due.id
      on conflict (dedupe_key) do nothing
      returning 1
    ), audited as (
      insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
      select 'subscriptions.renewal_noticed', 'Info', 'subscription', due.id::text,
        jsonb_build_object('memberId', due.member_id, 'renewsOn', to_char(due.ends_at at time zone ${zone}, 'YYYY-MM-DD'),
          'price', due.price::text),
        ${currentTraceId() ?? null}
      from due join noticed on noticed.id = due.id
      returning 1
    )
    select count(*) as noticed from noticed`,
  );
  return { noticed: result.noticed ?? 0 };
}

/**
 * Spec 3.1 active → expired when the end date passes without renewal, and each of their members settled to the status
 * their subscriptions then give (status.ts): expired when the term that ran out was their last, still active when a
 * renewal took over; suspended members keep their status.
 */
export async function expireSubscriptions(
  deps: SubscriptionJobDependencies,
  now = new Date(),
): Promise<{ expired: number; membersExpired: number }> {
  const ended = sql`status = 'active' and ends_at <= ${now.toISOString()}::timestamptz`;
  const result = await commitWhatever(deps.database.db, async (tx) => {
    await deps.database.rows(
      tx,
      sql`select id from members where id in (select member_id from subscriptions where ${ended}) order by id for update`,
    );
    return counts(
      deps.database,
      tx,
      sql`with expired as (
      update subscriptions set status = 'expired', updated_at = now()
      where ${ended}
      returning id, member_id
    ), settled as (
      -- member_standing reads the terms as they were before this statement: a term past its end counts as ended.
      update members m set status = ${standingOf(sql`m.id`, now)}, updated_at = now(), version = m.version + 1
      from members previous
      where previous.id = m.id and m.id in (select member_id from expired) and m.deleted_at is null
        and m.status <> 'suspended' and m.status <> ${standingOf(sql`m.id`, now)}
      returning m.id, previous.status as previous_status, m.status as new_status
    ), audited as (
      insert into audit_outbox (action, severity, entity, entity_id, data, trace_id)
      select 'subscriptions.expired', 'Info'::audit_severity, 'subscription', e.id::text, jsonb_build_object('memberId', e.member_id), ${currentTraceId() ?? null}
      from expired e
      union all
      select ${MEMBER_STATUS_CHANGED}, 'Info'::audit_severity, 'member', c.id::text,
        jsonb_build_object('from', c.previous_status, 'to', c.new_status, 'reason', 'Last subscription ended'), ${currentTraceId() ?? null}
      from settled c
      returning 1
    )
    select (select count(*) from expired) as expired, (select count(*) from settled where new_status = 'expired') as members_expired`,
    );
  });
  return { expired: result.expired ?? 0, membersExpired: result.members_expired ?? 0 };
}
