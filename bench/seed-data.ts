// Set-based seeding of a realistic data set (plans, members with statuses and subscriptions, employees with a holiday
// list and a month of clock events), shared by the benchmarks and `npm run seed` (scripts/seed.ts). Every step is
// one `INSERT … SELECT … generate_series` statement: a million members load in about a minute on two cores.
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/platform/db";

export const FIRST_NAMES = [
  "Ana",
  "Luis",
  "Marta",
  "Jorge",
  "Lucía",
  "Pablo",
  "Elena",
  "Sergio",
  "Carmen",
  "David",
  "Laura",
  "Javier",
  "Sara",
  "Diego",
  "Paula",
  "Carlos",
  "María",
  "Antonio",
  "Isabel",
  "Manuel",
];
export const LAST_NAMES = [
  "García",
  "Fernández",
  "González",
  "Rodríguez",
  "López",
  "Martínez",
  "Sánchez",
  "Pérez",
  "Gómez",
  "Martín",
  "Jiménez",
  "Ruiz",
  "Hernández",
  "Díaz",
  "Moreno",
  "Muñoz",
  "Álvarez",
  "Romero",
  "Alonso",
  "Gutiérrez",
  "Navarro",
  "Torres",
  "Domínguez",
  "Vázquez",
  "Ramos",
  "Gil",
  "Ramírez",
  "Serrano",
  "Blanco",
  "Molina",
  "Morales",
  "Suárez",
  "Ortega",
  "Delgado",
  "Castro",
  "Ortiz",
  "Rubio",
  "Marín",
  "Sanz",
  "Núñez",
];

/**
 * `count` members: 20 first names, two surnames each (Spanish style, 1,600 pairs); 70% active, the rest spread over
 * inactive, suspended and expired. Emails are `member<n>@bench.example`, so the table must hold no such member yet.
 */
export async function seedMembers(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    with names as (select string_to_array(${FIRST_NAMES.join(",")}, ',') as first, string_to_array(${LAST_NAMES.join(",")}, ',') as last)
    insert into members (first_name, last_name, email, phone, birth_date, status, joined_on, created_at)
    select names.first[1 + (n * 7) % 20], names.last[1 + (n * 13) % 40] || ' ' || names.last[1 + (n / 40) % 40],
      'member' || n || '@bench.example',
      '+34 6' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0'),
      date '1950-01-01' + (n * 37 % 20000),
      (array['active', 'active', 'active', 'active', 'active', 'active', 'active', 'inactive', 'suspended', 'expired'])[1 + n % 10]::member_status,
      date '2016-01-01' + (n * 13 % 3650),
      timestamptz '2016-01-01' + n * interval '5 minutes'
    from generate_series(1, ${count}) as n, names`);
}

/** Three plans (Basic, Gold, Premium); half the active members get a monthly subscription in force on one of them. */
export async function seedPlansAndSubscriptions(db: Database): Promise<void> {
  await db.execute(sql`
    insert into plans (name, code, monthly_price, quarterly_price, annual_price)
    values ('Basic', 'BASIC', 19.90, 54.00, 199.00), ('Gold', 'GOLD', 39.90, 110.00, 399.00), ('Premium', 'PREMIUM', 59.90, 165.00, 599.00)`);
  await db.execute(sql`
    insert into subscriptions (member_id, plan_id, billing_period, started_at, ends_at, price, currency)
    select m.id, p.id, 'monthly', now() - interval '10 days', now() + interval '20 days', p.monthly_price, 'EUR'
    from (select id, row_number() over () as n from members where status = 'active') m
    join (select id, monthly_price, row_number() over (order by code) as k from plans) p on p.k = 1 + m.n % 3
    where m.n % 2 = 0`);
}

export type EmployeeSeed = {
  employees: number;
  /** The last day with clock events (YYYY-MM-DD); on it 7% of those who came are left clocked in. */
  date: string;
  /** Days of events before `date`. */
  historyDays: number;
  timeZone: string;
};

/**
 * `employees` users (`employee<n>@bench.example`, unusable password hash) with an employees row each, and their clock
 * events on the working days from date − historyDays to date: 8% absent; the others one pair 08:00–17:00 (± minutes)
 * or two pairs around lunch; on `date` 7% left clocked in (Incomplete). 80% of employees are on an office list
 * (Saturday and Sunday off, holidays), 10% part-timers also off on Wednesdays, 10% on no list.
 */
export async function seedEmployees(
  db: Database,
  { employees, date, historyDays, timeZone }: EmployeeSeed,
): Promise<void> {
  await db.execute(
    sql`insert into holiday_lists (name, weekly_off_days) values ('Office', '{6,7}'), ('Part-time', '{3,6,7}')`,
  );
  await db.execute(sql`insert into holiday_entries (holiday_list_id, date)
    select id, d from holiday_lists, unnest(array['2026-11-01', '2026-12-08', '2026-12-25']::date[]) d`);
  await db.execute(sql`insert into users (email, username, first_name, last_name, password_hash)
    select 'employee' || n || '@bench.example', 'employee' || n, 'Employee', 'No. ' || n, 'x' from generate_series(1, ${employees}) n`);
  await db.execute(sql`insert into employees (user_id, holiday_list_id)
    select u.id, case when n % 10 < 8 then office.id when n % 10 = 8 then part_time.id end
    from (select id, row_number() over (order by id) as n from users where email like 'employee%@bench.example') u
    cross join (select id from holiday_lists where name = 'Office') office
    cross join (select id from holiday_lists where name = 'Part-time') part_time`);
  await db.execute(sql`with days as (
      select e.id as employee_id, d::date as day, d::date = ${date}::date as today, random() as kind, random() as shape, random() as jitter
      from employees e cross join generate_series(${date}::date - ${historyDays}::int, ${date}::date, interval '1 day') d
      where extract(isodow from d) < 6
    ), sessions as (
      select employee_id, day, 8 * 60 + jitter * 90 as in_min,
        case when today and kind >= 0.93 then null else 16.5 * 60 + jitter * 120 end as out_min
      from days where kind >= 0.08 and shape < 0.7
      union all
      select employee_id, day, 8 * 60 + jitter * 60, 13 * 60 + jitter * 30 from days where kind >= 0.08 and shape >= 0.7
      union all
      select employee_id, day, 14 * 60 + jitter * 30, case when today and kind >= 0.93 then null else 17.5 * 60 + jitter * 60 end
      from days where kind >= 0.08 and shape >= 0.7
    ), timed as (
      select employee_id, (day + in_min * interval '1 minute') at time zone ${timeZone} as in_at,
        (day + out_min * interval '1 minute') at time zone ${timeZone} as out_at
      from sessions
    ), ins as (
      insert into employee_checkins (employee_id, direction, occurred_at, source, closed_at)
      select employee_id, 'in', in_at, 'BiometricTerminal', out_at from timed
      returning id, employee_id, closed_at
    )
    insert into employee_checkins (employee_id, direction, occurred_at, source, paired_checkin_id)
    select employee_id, 'out', closed_at, 'BiometricTerminal', id from ins where closed_at is not null`);
}

/** What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans rely on. */
export async function vacuumAnalyze(db: Database, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
}
