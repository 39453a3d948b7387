import { sql } from "drizzle-orm";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { withStatementTimeout } from "@/lib/platform/db/bounded-read";
import { COLLECT_TIMEOUT_MS, type GaugeReading } from "@/lib/platform/metrics/registry";

/**
 * The mail queue for clubops_mail_outbox{status}: mails waiting to be sent (`pending`, retried ones included) and
 * mails given up on (`failed`). Sent mails are history, not queue, and not counted: the table keeps them all, and
 * counting them would read it whole at every scrape. Each count reads a partial index (mail_outbox_due_idx,
 * mail_outbox_failed_idx) that holds only its rows.
 */
export async function mailOutboxGauges(database: DatabaseAdapter): Promise<GaugeReading[]> {
  const [queue] = await withStatementTimeout(database.db, COLLECT_TIMEOUT_MS, (tx) =>
    database.rows<{ pending: number; failed: number }>(
      tx,
      sql`select
            (select count(*) from mail_outbox where status = 'pending')::int as pending,
            (select count(*) from mail_outbox where status = 'failed')::int as failed`,
    ),
  );
  return [
    {
      name: "clubops_mail_outbox",
      help: "Mails in the outbox by status: pending (waiting or retrying) or failed (given up).",
      samples: [
        { labels: { status: "pending" }, value: queue?.pending ?? 0 },
        { labels: { status: "failed" }, value: queue?.failed ?? 0 },
      ],
    },
  ];
}
