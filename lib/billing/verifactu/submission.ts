import { sql } from "drizzle-orm";
import type { AeatService } from "@/lib/platform/aeat";
import type { Database } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { parseSubmissionAnswer, type RecordVerdict, submissionEnvelope } from "./envelope";

/** The AEAT takes up to 1,000 records a submission. */
const BATCH_SIZE = 1000;
/** How long claimed records are reserved for the instance sending them: longer than a submission may take. */
const LEASE_MS = 10 * 60_000;
const FIRST_RETRY_MS = 60_000;
/** Retries back off to once an hour, which is also when a submission the AEAT refused whole is tried again. */
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 1_500;

export type SubmissionOutcome = {
  sent: number;
  accepted: number;
  acceptedWithErrors: number;
  rejected: number;
  retrying: number;
  /** Why nothing was sent: no certificate configured, or the AEAT's wait after the last submission not over. */
  held: "no" | "disabled" | "waiting";
};

type Claimed = { chain_position: string | number; attempts: number; number: string; xml: string };

const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
const NOTHING: SubmissionOutcome = {
  sent: 0,
  accepted: 0,
  acceptedWithErrors: 0,
  rejected: 0,
  retrying: 0,
  held: "no",
};

/**
 * Takes the next submission for this run when the AEAT lets it go: its wait after the last submission is over, or a
 * full batch is waiting (which may go at once). One statement on the flow row, which holds its lock until it ends: of
 * two instances at once, the second sees the first's reservation (a lease, until the answer sets the AEAT's wait) and
 * holds back.
 */
async function reserveSubmission(db: Database, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const reserved = await executeRows<{ id: number }>(
    db,
    sql`insert into verifactu_flow (id, next_submission_at) values (1, ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz)
      on conflict (id) do update set next_submission_at = excluded.next_submission_at
      where verifactu_flow.next_submission_at <= ${at}::timestamptz
        or (select count(*) from (select 1 from verifactu_submissions where status = 'pending'
          and next_attempt_at <= ${at}::timestamptz limit ${BATCH_SIZE}) due) = ${BATCH_SIZE}
      returning id`,
  );
  return reserved.length > 0;
}

/** Gives the reservation back when nothing went, or nothing was answered: the next run may send at once. */
const releaseSubmission = (db: Database, now: Date) =>
  db.execute(sql`update verifactu_flow set next_submission_at = ${now.toISOString()}::timestamptz where id = 1`);

/**
 * Claims the due records of one issuer, in chain order, by moving their next attempt past a lease (SKIP LOCKED: an
 * instance never takes records another is sending), with what the submission carries.
 */
async function claimDue(db: Database, now: Date) {
  const claimed = await executeRows<Claimed & { issuer_name: string; issuer_tax_id: string }>(
    db,
    sql`with first as (
        select r.issuer_tax_id from verifactu_submissions s join verifactu_records r using (chain_position)
        where s.status = 'pending' and s.next_attempt_at <= ${now.toISOString()}::timestamptz order by s.chain_position limit 1
      ), due as (
        select s.chain_position from verifactu_submissions s join verifactu_records r using (chain_position)
        where s.status = 'pending' and s.next_attempt_at <= ${now.toISOString()}::timestamptz and r.issuer_tax_id = (select issuer_tax_id from first)
        order by s.chain_position limit ${BATCH_SIZE} for update of s skip locked
      ), claimed as (
        update verifactu_submissions s set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
          attempts = s.attempts + 1
        from due where s.chain_position = due.chain_position
        returning s.chain_position, s.attempts
      )
      select c.chain_position, c.attempts, r.number, r.xml, r.issuer_tax_id, i.issuer->>'legalName' as issuer_name
      from claimed c join verifactu_records r using (chain_position) join invoices i on i.id = r.invoice_id
      order by c.chain_position`,
  );
  const first = claimed[0];
  return first ? { issuer: { name: first.issuer_name, taxId: first.issuer_tax_id }, records: claimed } : null;
}

/** Keeps the records pending, to be sent again after `delay` (by default a backoff growing with their attempts). */
async function retryLater(
  db: Database,
  records: readonly Claimed[],
  now: Date,
  error: string,
  delay = (record: Claimed) => retryDelay(record.attempts),
) {
  const rows = records.map((record) => ({
    chain_position: record.chain_position,
    next_attempt_at: new Date(now.getTime() + delay(record)).toISOString(),
  }));
  await db.execute(sql`update verifactu_submissions s set next_attempt_at = x.next_attempt_at,
      error = ${error.slice(0, MAX_ERROR_LENGTH)}, error_code = null
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(chain_position bigint, next_attempt_at timestamptz)
    where s.chain_position = x.chain_position and s.status = 'pending'`);
}

/** Stores each record's verdict, the submission's CSV and the AEAT's wait before the next submission. */
async function recordVerdicts(
  db: Database,
  records: readonly Claimed[],
  verdicts: readonly RecordVerdict[],
  answer: { csv: string | null; waitSeconds: number },
  now: Date,
) {
  const positionOf = new Map(records.map((record) => [record.number, record.chain_position]));
  const rows = verdicts.flatMap((verdict) => {
    const position = positionOf.get(verdict.number);
    return position === undefined
      ? []
      : [
          {
            chain_position: position,
            status: verdict.status,
            error_code: verdict.errorCode,
            error: verdict.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
          },
        ];
  });
  const nextSubmission = new Date(now.getTime() + answer.waitSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update verifactu_submissions s set status = x.status::verifactu_submission_status,
        error_code = x.error_code, error = x.error, csv = ${answer.csv}, answered_at = ${now.toISOString()}::timestamptz
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(chain_position bigint, status text, error_code integer,
        error text)
      where s.chain_position = x.chain_position and s.status = 'pending'`);
    await tx.execute(sql`insert into verifactu_flow (id, next_submission_at) values (1, ${nextSubmission.toISOString()}::timestamptz)
      on conflict (id) do update set next_submission_at = excluded.next_submission_at`);
  });
  return rows;
}

/**
 * Sends the VERI*FACTU records still to be sent to the AEAT (docs/billing.md, VERI*FACTU), one submission of up to
 * 1,000 records of one issuer, oldest first, once the AEAT's wait after the previous submission is over (or at once
 * when a full batch is waiting), and stores its verdict on each record. A record the AEAT already holds (its answer to
 * an earlier submission was lost) is accepted with that earlier verdict; a timeout, an outage, an unreadable answer or
 * a submission refused whole keeps the records pending and sends them again later: none is lost or recorded twice.
 */
export async function submitPendingRecords(deps: {
  db: Database;
  aeat: AeatService;
  now: () => Date;
}): Promise<SubmissionOutcome> {
  const { db, aeat } = deps;
  if (aeat.kind === "disabled") return { ...NOTHING, held: "disabled" };
  const now = deps.now();
  if (!(await reserveSubmission(db, now))) return { ...NOTHING, held: "waiting" };
  const batch = await claimDue(db, now);
  if (!batch) {
    await releaseSubmission(db, now);
    return NOTHING;
  }
  const sent = batch.records.length;
  let answer: ReturnType<typeof parseSubmissionAnswer>;
  try {
    const reply = await aeat.send(
      submissionEnvelope(
        batch.issuer,
        batch.records.map((record) => record.xml),
      ),
    );
    answer = parseSubmissionAnswer(reply.body);
  } catch (error) {
    await retryLater(db, batch.records, now, error instanceof Error ? error.message : String(error));
    await releaseSubmission(db, now);
    return { ...NOTHING, sent, retrying: sent };
  }
  if (answer.kind === "fault") {
    // Refused whole (a SOAP fault: nothing of it was recorded): tried again in an hour, its error shown meanwhile.
    await retryLater(db, batch.records, now, answer.error, () => MAX_RETRY_MS);
    await releaseSubmission(db, now);
    return { ...NOTHING, sent, retrying: sent };
  }
  const stored = await recordVerdicts(db, batch.records, answer.verdicts, answer, now);
  const answered = new Set(stored.map((row) => String(row.chain_position)));
  const unanswered = batch.records.filter((record) => !answered.has(String(record.chain_position)));
  if (unanswered.length > 0) await retryLater(db, unanswered, now, "the AEAT's answer did not name this record");
  const count = (status: RecordVerdict["status"]) => stored.filter((row) => row.status === status).length;
  return {
    ...NOTHING,
    sent,
    accepted: count("accepted"),
    acceptedWithErrors: count("accepted_with_errors"),
    rejected: count("rejected"),
    retrying: unanswered.length,
  };
}
