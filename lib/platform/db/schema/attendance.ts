import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, timestamptz, updatedAt, version } from "./columns";

export const holidayLists = pgTable(
  "holiday_lists",
  {
    id: id(),
    name: text("name").notNull(),
    /** ISO weekdays that are always off: 1 = Monday … 7 = Sunday. */
    weeklyOffDays: smallint("weekly_off_days").array().notNull().default(sql`'{}'::smallint[]`),
    /** The club's default: the list of every employee who has none of their own. */
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // Names are unique ignoring case, as role names are: "Madrid" and "madrid" would be the same list to staff.
    uniqueIndex("holiday_lists_name_key").on(sql`lower(${t.name})`),
    // At most one default, whatever the application does.
    uniqueIndex("holiday_lists_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

export const holidayEntries = pgTable(
  "holiday_entries",
  {
    holidayListId: uuid("holiday_list_id")
      .notNull()
      .references(() => holidayLists.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    description: text("description"),
  },
  (t) => [primaryKey({ columns: [t.holidayListId, t.date] })],
);

/** Exists as data; assignment to employees is inactive (spec 2.8). */
export const shiftTypes = pgTable(
  "shift_types",
  {
    id: id(),
    name: text("name").notNull(),
    shiftStart: time("shift_start").notNull(),
    shiftEnd: time("shift_end").notNull(),
    lateEntryToleranceMinutes: integer("late_entry_tolerance_minutes").notNull().default(0),
    earlyExitToleranceMinutes: integer("early_exit_tolerance_minutes").notNull().default(0),
    overtimeAfterMinutes: integer("overtime_after_minutes").notNull().default(0),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("shift_types_name_key").on(sql`lower(${t.name})`),
    check(
      "shift_types_minutes_nonnegative",
      sql`${t.lateEntryToleranceMinutes} >= 0 and ${t.earlyExitToleranceMinutes} >= 0 and ${t.overtimeAfterMinutes} >= 0`,
    ),
  ],
);

export const employees = pgTable(
  "employees",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" })
      .unique("employees_user_key"),
    isActive: boolean("is_active").notNull().default(true),
    holidayListId: uuid("holiday_list_id").references(() => holidayLists.id, { onDelete: "set null" }),
    /**
     * First day of employment on the club's calendar: the nightly job writes no record before it. The service sets
     * the day the employee is added in the club's time zone; the column default only serves direct inserts.
     */
    startsOn: date("starts_on").notNull().default(sql`current_date`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index("employees_active_idx").on(t.id).where(sql`${t.isActive}`)],
);

export const checkinDirection = pgEnum("checkin_direction", ["in", "out"]);
export const checkinSource = pgEnum("checkin_source", ["MobileApp", "BiometricTerminal", "Manual"]);

export const employeeCheckins = pgTable(
  "employee_checkins",
  {
    id: id(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    direction: checkinDirection("direction").notNull(),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    source: checkinSource("source").notNull(),
    note: text("note"),
    recordedByUserId: uuid("recorded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** On an in event: when the matching out event closed it. Null means clocked in. */
    closedAt: timestamptz("closed_at"),
    /** On an out event: the in event it closes. */
    pairedCheckinId: uuid("paired_checkin_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // The database refuses a second open clock-in, whatever the application does.
    uniqueIndex("employee_checkins_one_open_in")
      .on(t.employeeId)
      .where(sql`${t.direction} = 'in' and ${t.closedAt} is null`),
    index("employee_checkins_employee_time_idx").on(t.employeeId, t.occurredAt),
    // The nightly classification reads one day of clock-ins for every employee at once.
    index("employee_checkins_in_time_idx").on(t.occurredAt).where(sql`${t.direction} = 'in'`),
    check("employee_checkins_manual_note", sql`${t.source} <> 'Manual' or length(trim(${t.note})) > 0`),
  ],
);

export const attendanceStatus = pgEnum("attendance_status", [
  "Weekend",
  "Holiday",
  "OnLeave",
  "Present",
  "Incomplete",
  "Absent",
]);

export const attendanceRecords = pgTable(
  "attendance_records",
  {
    id: id(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    date: date("date").notNull(),
    status: attendanceStatus("status").notNull(),
    checkInAt: timestamptz("check_in_at"),
    checkOutAt: timestamptz("check_out_at"),
    hoursWorked: numeric("hours_worked", { precision: 6, scale: 2 }).notNull().default("0"),
    lateEntryMinutes: integer("late_entry_minutes").notNull().default(0),
    earlyExitMinutes: integer("early_exit_minutes").notNull().default(0),
    overtimeHours: numeric("overtime_hours", { precision: 6, scale: 2 }).notNull().default("0"),
    isRegularized: boolean("is_regularized").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("attendance_records_employee_date_key").on(t.employeeId, t.date)],
);

export const attendanceRequestStatus = pgEnum("attendance_request_status", ["Open", "approved", "rejected"]);

export const attendanceRequests = pgTable(
  "attendance_requests",
  {
    id: id(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    attendanceDate: date("attendance_date").notNull(),
    requestedCheckIn: timestamptz("requested_check_in").notNull(),
    requestedCheckOut: timestamptz("requested_check_out").notNull(),
    reason: text("reason").notNull(),
    status: attendanceRequestStatus("status").notNull().default("Open"),
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamptz("decided_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attendance_requests_one_open").on(t.employeeId, t.attendanceDate).where(sql`${t.status} = 'Open'`),
    index("attendance_requests_queue_idx").on(t.status, t.createdAt, t.id),
    index("attendance_requests_employee_idx").on(t.employeeId, t.createdAt, t.id),
    check("attendance_requests_times_order", sql`${t.requestedCheckOut} > ${t.requestedCheckIn}`),
    check(
      "attendance_requests_rejection_reason",
      sql`${t.status} <> 'rejected' or length(trim(${t.rejectionReason})) > 0`,
    ),
  ],
);
