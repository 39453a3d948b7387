import { sql } from "drizzle-orm";
import { localDate } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { commitWhatever } from "@/lib/platform/db/transaction";

export type DailyClassificationResult = {
  date: string;
  /** Active employees whose record now holds the job's classification (inserted, updated or already equal). */
  classified: number;
  /** Records inserted or changed by this run: 0 on a re-run over unchanged events. */
  written: number;
  /** Active employees whose record was regularized by an approved correction, left as it is. */
  skippedRegularized: number;
};

/**
 * ProcessDailyAttendanceJob (spec 3.3) for one calendar day: every active employee employed on that day (from their
 * `starts_on`) gets an attendance record, by their own holiday list or else the club's default one,
 * in ONE statement whatever the number of employees (Frappe's per-employee loop times out at a few thousand).
 * It is the SQL twin of `classifyDay()` with no shift type (spec 2.8), and tests hold the two to the same answers.
 *
 * - The day is the local calendar day in `timeZone`; its bounds are computed by PostgreSQL from the zone's rules,
 *   so the 23-hour and 25-hour days of daylight-saving changes are right.
 * - An employee's check-in is the first in event of the day, the check-out the last out event closing one of
 *   those ins, wherever it falls (an overnight out belongs to its in's day). Each out is found through the
 *   (employee_id, occurred_at) index from its in onwards, and the first match ends the scan.
 * - Upsert on (employee_id, date); a regularized record is never touched, and an update only happens when the
 *   row differs, so a re-run writes nothing and `updated_at` keeps telling when the classification last changed.
 */
export async function classifyAttendanceDay(
  db: Executor,
  params: { date: string; timeZone: string },
): Promise<DailyClassificationResult> {
  const { date, timeZone } = params;
  return commitWhatever(db, async (tx) => {
    // The plan's cost passes PostgreSQL's jit_above_cost at a few thousand employees, and compiling it then costs
    // several times its execution (measured in docs/performance.md): JIT is off for it.
    await tx.execute(sql`set local jit = off`);
    return classifyInOneStatement(tx, date, timeZone);
  });
}

async function classifyInOneStatement(
  tx: Executor,
  date: string,
  timeZone: string,
): Promise<DailyClassificationResult> {
  const [row] = await executeRows<{
    classified: string | number;
    written: string | number;
    skipped_regularized: string | number;
  }>(
    tx,
    sql`with day as (
      select ${date}::date as date,
        (${date}::date::timestamp at time zone ${timeZone}) as starts_at,
        ((${date}::date + 1)::timestamp at time zone ${timeZone}) as ends_at
    ), pairs as (
      select i.employee_id, min(i.occurred_at) as check_in, max(o.occurred_at) as check_out
      from employee_checkins i
      cross join day
      left join lateral (
        select o.occurred_at from employee_checkins o
        where o.employee_id = i.employee_id and o.occurred_at >= i.occurred_at and o.direction = 'out' and o.paired_checkin_id = i.id
        order by o.occurred_at
        limit 1
      ) o on true
      where i.direction = 'in' and i.occurred_at >= day.starts_at and i.occurred_at < day.ends_at
      group by i.employee_id
    ), classified as (
      select e.id as employee_id, day.date,
        case
          when extract(isodow from day.date)::smallint = any(coalesce(hl.weekly_off_days, '{}')) then 'Weekend'
          when h.date is not null then 'Holiday'
          -- 'OnLeave' is reserved for approved leave, which is inactive (spec 3.3 step 3).
          when p.check_in is null then 'Absent'
          when p.check_out is null then 'Incomplete'
          else 'Present'
        end::attendance_status as status,
        p.check_in, p.check_out
      from employees e
      cross join day
      -- An employee without a list of their own follows the club's default list (at most one, by a unique index).
      left join holiday_lists hl on hl.id = coalesce(e.holiday_list_id, (select id from holiday_lists where is_default))
      left join holiday_entries h on h.holiday_list_id = hl.id and h.date = day.date
      left join pairs p on p.employee_id = e.id
      -- No record before the employee started: a day they were not employed is not an absence.
      where e.is_active and e.starts_on <= day.date
    ), record as (
      select employee_id, date, status,
        case when status in ('Present', 'Incomplete') then check_in end as check_in_at,
        case when status = 'Present' then check_out end as check_out_at,
        -- Whole milliseconds (what a JavaScript Date holds), rounded half up to 2 places like classifyDay().
        case when status = 'Present'
          then round((extract(epoch from date_trunc('milliseconds', check_out)) - extract(epoch from date_trunc('milliseconds', check_in))) / 3600, 2)
          else 0 end::numeric(6, 2) as hours_worked
      from classified
    ), regularized as (
      select count(*) as n from record r
      join attendance_records a on a.employee_id = r.employee_id and a.date = r.date and a.is_regularized
    ), written as (
      insert into attendance_records as a
        (employee_id, date, status, check_in_at, check_out_at, hours_worked, late_entry_minutes, early_exit_minutes, overtime_hours)
      select employee_id, date, status, check_in_at, check_out_at, hours_worked, 0, 0, 0 from record
      on conflict (employee_id, date) do update set
        status = excluded.status, check_in_at = excluded.check_in_at, check_out_at = excluded.check_out_at,
        hours_worked = excluded.hours_worked, late_entry_minutes = excluded.late_entry_minutes,
        early_exit_minutes = excluded.early_exit_minutes, overtime_hours = excluded.overtime_hours, updated_at = now()
      where not a.is_regularized
        and (a.status, a.check_in_at, a.check_out_at, a.hours_worked, a.late_entry_minutes, a.early_exit_minutes, a.overtime_hours)
          is distinct from (excluded.status, excluded.check_in_at, excluded.check_out_at, excluded.hours_worked,
            excluded.late_entry_minutes, excluded.early_exit_minutes, excluded.overtime_hours)
      returning 1
    )
    select (select count(*) from record) - (select n from regularized) as classified,
      (select count(*) from written) as written,
      (select n from regularized) as skipped_regularized`,
  );
  return {
    date,
    classified: Number(row?.classified ?? 0),
    written: Number(row?.written ?? 0),
    skippedRegularized: Number(row?.skipped_regularized ?? 0),
  };
}

/** The job's default day: yesterday in the club's time zone (the job runs at 03:00 there). */
export function previousClubDay(now: Date, timeZone: string): string {
  const today = Date.parse(`${localDate(now, timeZone)}T00:00:00Z`);
  return new Date(today - 86_400_000).toISOString().slice(0, 10);
}
