import { sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import { executeRows } from "@/lib/platform/db/rows";
import { fromCents } from "@/lib/platform/money";
import type { ServiceContext } from "@/lib/services/context";
import { invoiceNumber } from "../numbering";
import { owedCents } from "../owed";
import type { OverdueListQuery } from "./schemas";

type OverdueInvoice = {
  invoiceId: string;
  number: string;
  memberId: string;
  customerName: string;
  dueOn: string;
  /** Today in the club's time zone minus the due date. */
  daysOverdue: number;
  /** Total less what is paid and what rectifying invoices credited. */
  owed: string;
  currency: string;
  /** Payment-reminder emails the dunning job queued for this invoice. */
  remindersSent: number;
  /** Whether the member is suspended for non-payment now (by the dunning job, not by staff). */
  memberSuspended: boolean;
};

export type OverdueList = {
  asOf: string;
  /** All overdue invoices, also those past `limit`. */
  count: number;
  totalOwed: string;
  items: OverdueInvoice[];
};

type OverdueRow = {
  invoiceId: string;
  series: string;
  year: number;
  number: number;
  memberId: string;
  customerName: string;
  dueOn: string;
  daysOverdue: number;
  owed: string;
  currency: string;
  remindersSent: number;
  memberSuspended: boolean;
  count: number;
  totalOwed: string;
};

/**
 * The invoices the dunning job has marked `overdue` (docs/billing.md, Dunning), the most overdue first, with their
 * reminders (mail outbox rows under the job's dedupe keys `dunning:<invoice>:<day>`, found as a byte range of the
 * keys so mail_outbox_dunning_key_idx serves it) and whether the member is
 * suspended for non-payment (a `dunning_suspensions` row, which only lives while the member is suspended). What is
 * owed is owed.ts's (part credits included), like the revenue report's ageing. One query.
 */
export async function overdueInvoices(
  ctx: Pick<ServiceContext, "db" | "club" | "now">,
  query: OverdueListQuery,
): Promise<OverdueList> {
  const asOf = localDate(ctx.now(), ctx.club.timeZone);
  const rows = await executeRows<OverdueRow>(
    ctx.db,
    sql`select i.id as "invoiceId", i.series, i.year, i.number, i.member_id as "memberId",
        i.customer->>'name' as "customerName", i.due_on::text as "dueOn",
        ${asOf}::date - i.due_on as "daysOverdue",
        (${owedCents(sql`i`)})::text as owed, i.currency,
        (select count(*)::int from mail_outbox m where m.dedupe_key like 'dunning:%'
          and m.dedupe_key ~>=~ ('dunning:' || i.id || ':') and m.dedupe_key ~<~ ('dunning:' || i.id || ';')
        ) as "remindersSent",
        exists (select 1 from dunning_suspensions s where s.member_id = i.member_id) as "memberSuspended",
        count(*) over ()::int as count,
        (sum(${owedCents(sql`i`)}) over ())::text as "totalOwed"
      from invoices i
      where i.kind = 'invoice' and i.status = 'overdue'
      order by i.due_on, i.series, i.year, i.number
      limit ${query.limit}`,
  );
  const [first] = rows;
  return {
    asOf,
    count: first ? Number(first.count) : 0,
    totalOwed: fromCents(BigInt(first?.totalOwed ?? 0)),
    items: rows.map((row) => ({
      invoiceId: row.invoiceId,
      number: invoiceNumber(row.series, row.year, row.number),
      memberId: row.memberId,
      customerName: row.customerName,
      dueOn: row.dueOn,
      daysOverdue: Number(row.daysOverdue),
      owed: fromCents(BigInt(row.owed)),
      currency: row.currency,
      remindersSent: Number(row.remindersSent),
      memberSuspended: Boolean(row.memberSuspended),
    })),
  };
}
