import { z } from "zod";
import { attendanceRequests, employeeCheckins } from "@/lib/platform/db/schema";
import { notYearZero, YEAR_ZERO_MESSAGE } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paginationQuery } from "@/lib/platform/pagination";
import { ATTENDANCE_STATUSES } from "./classify";

export const CHECKIN_SOURCES = employeeCheckins.source.enumValues;
export type CheckinSource = (typeof CHECKIN_SOURCES)[number];
export const REQUEST_STATUSES = attendanceRequests.status.enumValues;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const MAX_NOTE = 500;
const calendarDate = z.iso.date("Use a YYYY-MM-DD date.").refine(notYearZero, YEAR_ZERO_MESSAGE);

/** Spec 2.5: the source of a clock event, and a note that a Manual event must carry. */
export const clockSchema = z
  .object({
    source: z.enum(CHECKIN_SOURCES, `Use one of ${CHECKIN_SOURCES.join(", ")}.`),
    note: z.string().trim().max(MAX_NOTE, `At most ${MAX_NOTE} characters.`).optional(),
  })
  .refine((clock) => clock.source !== "Manual" || (clock.note ?? "") !== "", {
    path: ["note"],
    message: "A note is required when the source is Manual.",
  });
export type ClockRequest = z.infer<typeof clockSchema>;

export const employeeParams = z.object({ id: z.uuid("Not a valid id.") });
export const recordParams = employeeParams.extend({
  date: calendarDate.meta({ description: "The attendance day on the club's calendar.", examples: ["2026-11-20"] }),
});

const fromDate = calendarDate.optional().meta({ description: "From this day on (inclusive)." });
const toDate = calendarDate.optional().meta({ description: "Up to this day (inclusive)." });

/** Spec 4.3's list parameters; `from` and `to` are inclusive attendance dates. */
export const attendanceListQuery = z
  .object({
    from: fromDate,
    to: toDate,
    status: z
      .enum(ATTENDANCE_STATUSES, `Use one of ${ATTENDANCE_STATUSES.join(", ")}.`)
      .optional()
      .meta({ description: "Only days classified so." }),
    cursor: z.string().max(512, "Not a cursor this API issued.").optional().meta({
      description: "The `nextCursor` of the previous page, with the same filters; absent for the first page.",
    }),
    limit: z.coerce
      .number(`limit must be an integer between 1 and ${MAX_PAGE_SIZE}.`)
      .int(`limit must be an integer between 1 and ${MAX_PAGE_SIZE}.`)
      .min(1, `limit must be an integer between 1 and ${MAX_PAGE_SIZE}.`)
      .max(MAX_PAGE_SIZE, `limit must be an integer between 1 and ${MAX_PAGE_SIZE}.`)
      .default(DEFAULT_PAGE_SIZE)
      .meta({ description: `Days per page, 1 to ${MAX_PAGE_SIZE}.` }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "to must not be before from.",
  });
export type AttendanceListQuery = z.infer<typeof attendanceListQuery>;

const MAX_REASON = 500;
const reason = z.string().trim().min(1, "Say why.").max(MAX_REASON, `At most ${MAX_REASON} characters.`);
const instant = z.iso
  .datetime({ offset: true, message: "Use an ISO 8601 date-time with a time zone, e.g. 2026-11-20T08:00:00+01:00." })
  .refine(notYearZero, YEAR_ZERO_MESSAGE);

/** A correction of one attendance day: the times the employee really came and left, and why. */
export const correctionRequestSchema = z
  .object({ date: calendarDate, checkIn: instant, checkOut: instant, reason })
  .refine((request) => Date.parse(request.checkOut) > Date.parse(request.checkIn), {
    path: ["checkOut"],
    message: "checkOut must be after checkIn.",
  });
export type CorrectionRequestInput = z.infer<typeof correctionRequestSchema>;

export const rejectionSchema = z.object({ reason });

export const requestParams = z.object({ id: z.uuid("Not a valid id.") });

/** The manager's queue: page-number pagination (spec 2.10) with filters. */
export const requestQueueQuery = paginationQuery(["createdAt", "date"], "createdAt").extend({
  status: z
    .enum(REQUEST_STATUSES, `Use one of ${REQUEST_STATUSES.join(", ")}.`)
    .optional()
    .meta({ description: "Only requests in this state." }),
  employeeId: z.uuid("Not a valid id.").optional().meta({ description: "Only this employee's requests." }),
  from: fromDate,
  to: toDate,
});
export type RequestQueueQuery = z.infer<typeof requestQueueQuery>;

export const ownRequestsQuery = requestQueueQuery.omit({ employeeId: true });
export type OwnRequestsQuery = z.infer<typeof ownRequestsQuery>;

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [clockSchema, "ClockRequest"],
  [rejectionSchema, "CorrectionRejection"],
]);
