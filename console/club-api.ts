import type { z } from "zod";
import type { AttendanceStatus } from "@/lib/attendance/classify";
import type { CheckEvent, ClockOut, ClockState } from "@/lib/attendance/clock";
import type { AttendancePage, AttendanceRecordView } from "@/lib/attendance/records";
import type { AttendanceRequestView } from "@/lib/attendance/repository";
import type {
  AttendanceListQuery,
  CheckinSource,
  clockSchema,
  correctionRequestSchema,
  OwnRequestsQuery,
  RequestQueueQuery,
  RequestStatus,
} from "@/lib/attendance/schemas";
import type { AuditLogItem } from "@/lib/audit/query";
import type { Employee, HolidayList, HolidayListSummary } from "@/lib/employees/repository";
import type {
  createEmployeeSchema,
  EmployeeListQuery,
  HolidayListListQuery,
  holidayListInputSchema,
  updateEmployeeSchema,
} from "@/lib/employees/schemas";
import type { FileMetadata } from "@/lib/files/repository";
import type { FileListQuery } from "@/lib/files/schemas";
import type { JobOutcome } from "@/lib/jobs/definitions";
import type { JobSummary } from "@/lib/jobs/manual";
import type { MailListItem, MailMessage } from "@/lib/mail/admin";
import type { MailStatus } from "@/lib/mail/schemas";
import type { TemplatePreview, TemplateSummary } from "@/lib/mail/templates";
import type { CurrentSubscription, MemberDetail, MemberListItem } from "@/lib/members/repository";
import type { MemberFilters, MemberListQuery, memberInputSchema, statusChangeSchema } from "@/lib/members/schemas";
import type { MemberStatistics } from "@/lib/members/statistics";
import type { Plan } from "@/lib/plans/repository";
import type { PlanListQuery, planInputSchema } from "@/lib/plans/schemas";
import type { Paginated } from "@/lib/platform/pagination";
import type { BucketName } from "@/lib/platform/storage";
import type { PlanChangeQuote } from "@/lib/subscriptions/lifecycle";
import type { BillingPeriod } from "@/lib/subscriptions/pricing";
import type { Subscription } from "@/lib/subscriptions/repository";
import type {
  cancelSchema,
  changePlanSchema,
  newSubscriptionSchema,
  SubscriptionListQuery,
} from "@/lib/subscriptions/schemas";
import type { FileUpload, Json, Transport } from "./transport";

export type { BillingPeriod, MemberStatistics, PlanChangeQuote };
export type PlanRow = Json<Plan>;
export type MemberRow = Json<MemberListItem>;
export type MemberRecord = Omit<Json<MemberDetail>, "currentSubscription"> & {
  currentSubscription: Json<CurrentSubscription> | null;
};
export type SubscriptionRow = Json<Subscription>;
export type MemberStatus = MemberRow["status"];
export type MemberInput = z.input<typeof memberInputSchema>;
export type PlanInput = z.input<typeof planInputSchema>;
export type NewSubscription = z.input<typeof newSubscriptionSchema>;

/** The list's query as sent: `isActive` travels as the text the API parses. */
type PlanQuery = Partial<Omit<PlanListQuery, "isActive">> & { isActive?: "true" | "false" };

const segment = (id: string) => encodeURIComponent(id);
const memberPath = (id: string) => `/api/members/${segment(id)}`;
const termPath = (memberId: string, id: string) => `${memberPath(memberId)}/subscriptions/${segment(id)}`;

/**
 * Plans, members and their subscriptions (docs/api.md), as the console calls them. A change or delete of a record
 * names the `version` it was shown (If-Match), so a record someone else changed meanwhile answers 412, not overwritten.
 */
export function clubEndpoints(api: Transport) {
  return {
    plans: {
      list: (query: PlanQuery) => api.json<Paginated<PlanRow>>("GET", "/api/plans", { query }),
      create: (body: PlanInput) => api.json<PlanRow>("POST", "/api/plans", { body }),
      update: (id: string, body: PlanInput, version: number) =>
        api.json<PlanRow>("PUT", `/api/plans/${segment(id)}`, { body, ifMatch: version }),
      deactivate: (id: string, version: number) =>
        api.json<PlanRow>("DELETE", `/api/plans/${segment(id)}`, { ifMatch: version }),
    },
    members: {
      list: (query: Partial<MemberListQuery>) => api.json<Paginated<MemberRow>>("GET", "/api/members", { query }),
      get: (id: string) => api.json<MemberRecord>("GET", memberPath(id)),
      create: (body: MemberInput) => api.json<MemberRecord>("POST", "/api/members", { body }),
      update: (id: string, body: MemberInput, version: number) =>
        api.json<MemberRecord>("PUT", memberPath(id), { body, ifMatch: version }),
      remove: (id: string, version: number) => api.empty("DELETE", memberPath(id), { ifMatch: version }),
      changeStatus: (id: string, body: z.input<typeof statusChangeSchema>) =>
        api.json<MemberRecord>("PUT", `${memberPath(id)}/status`, { body }),
      enroll: (body: { member: MemberInput; subscription: NewSubscription }) =>
        api.json<{ member: MemberRecord; subscription: SubscriptionRow }>("POST", "/api/members/enroll", { body }),
      statistics: () => api.json<MemberStatistics>("GET", "/api/members/statistics"),
      /** The CSV download as a response whose body the caller streams. */
      export: (query: MemberFilters, signal: AbortSignal) =>
        api.response("GET", "/api/members/export", { query, signal }),
    },
    subscriptions: {
      list: (memberId: string, query: Partial<SubscriptionListQuery>) =>
        api.json<Paginated<SubscriptionRow>>("GET", `${memberPath(memberId)}/subscriptions`, { query }),
      create: (memberId: string, body: NewSubscription) =>
        api.json<SubscriptionRow>("POST", `${memberPath(memberId)}/subscriptions`, { body }),
      quotePlanChange: (memberId: string, id: string, query: { planId: string; billingPeriod: BillingPeriod }) =>
        api.json<PlanChangeQuote>("GET", `${termPath(memberId, id)}/change-plan`, { query }),
      changePlan: (memberId: string, id: string, body: z.input<typeof changePlanSchema>) =>
        api.json<SubscriptionRow>("POST", `${termPath(memberId, id)}/change-plan`, { body }),
      renew: (memberId: string, id: string) => api.json<SubscriptionRow>("POST", `${termPath(memberId, id)}/renew`),
      cancel: (memberId: string, id: string, body: z.input<typeof cancelSchema>) =>
        api.json<SubscriptionRow>("POST", `${termPath(memberId, id)}/cancel`, { body }),
    },
    ...staffEndpoints(api),
    ...auditAndMailEndpoints(api),
    ...fileEndpoints(api),
  };
}

// Staff attendance: employees, holiday lists, clock events, records, correction requests; and the background jobs.

export type { AttendanceStatus, CheckinSource, JobOutcome, JobSummary, RequestStatus };
export type AttendanceRecord = AttendanceRecordView;
export type AttendanceRequest = AttendanceRequestView;
export type EmployeeRow = Json<Employee>;
export type HolidayListRow = Json<HolidayListSummary>;
export type HolidayListRecord = Json<HolidayList>;
export type HolidayListBody = z.input<typeof holidayListInputSchema>;
export type ClockBody = z.input<typeof clockSchema>;
export type CorrectionBody = z.input<typeof correctionRequestSchema>;
export type { AttendancePage, CheckEvent, ClockOut, ClockState };

/** Query values travel as the text the API parses. */
type EmployeeQuery = Partial<Omit<EmployeeListQuery, "isActive">> & { isActive?: "true" | "false" };
type AttendanceQuery = Partial<AttendanceListQuery>;

const employeePath = (id: string) => `/api/employees/${segment(id)}`;
const requestPath = (id: string) => `/api/attendance-requests/${segment(id)}`;
const holidayListPath = (id: string) => `/api/holiday-lists/${segment(id)}`;

function staffEndpoints(api: Transport) {
  return {
    /** The signed-in user's own clock, days and correction requests (`/api/users/me/...`). */
    me: {
      clock: () => api.json<ClockState>("GET", "/api/users/me/clock"),
      clockIn: (body: ClockBody) => api.json<CheckEvent>("POST", "/api/users/me/clock-in", { body }),
      clockOut: (body: ClockBody) => api.json<ClockOut>("POST", "/api/users/me/clock-out", { body }),
      attendance: (query: AttendanceQuery) => api.json<AttendancePage>("GET", "/api/users/me/attendance", { query }),
      requests: (query: Partial<OwnRequestsQuery>) =>
        api.json<Paginated<AttendanceRequest>>("GET", "/api/users/me/attendance-requests", { query }),
    },
    attendanceRequests: {
      list: (query: Partial<RequestQueueQuery>) =>
        api.json<Paginated<AttendanceRequest>>("GET", "/api/attendance-requests", { query }),
      submit: (body: CorrectionBody) => api.json<AttendanceRequest>("POST", "/api/attendance-requests", { body }),
      approve: (id: string) => api.json<AttendanceRequest>("PUT", `${requestPath(id)}/approve`),
      reject: (id: string, body: { reason: string }) =>
        api.json<AttendanceRequest>("PUT", `${requestPath(id)}/reject`, { body }),
    },
    employees: {
      list: (query: EmployeeQuery) => api.json<Paginated<EmployeeRow>>("GET", "/api/employees", { query }),
      get: (id: string) => api.json<EmployeeRow>("GET", employeePath(id)),
      create: (body: z.input<typeof createEmployeeSchema>) => api.json<EmployeeRow>("POST", "/api/employees", { body }),
      update: (id: string, body: z.input<typeof updateEmployeeSchema>, version: number) =>
        api.json<EmployeeRow>("PUT", employeePath(id), { body, ifMatch: version }),
      clock: (id: string) => api.json<ClockState>("GET", `${employeePath(id)}/clock`),
      clockIn: (id: string, body: ClockBody) => api.json<CheckEvent>("POST", `${employeePath(id)}/clock-in`, { body }),
      clockOut: (id: string, body: ClockBody) => api.json<ClockOut>("POST", `${employeePath(id)}/clock-out`, { body }),
      attendance: (id: string, query: AttendanceQuery) =>
        api.json<AttendancePage>("GET", `${employeePath(id)}/attendance`, { query }),
      record: (id: string, date: string) =>
        api.json<AttendanceRecord>("GET", `${employeePath(id)}/attendance/${segment(date)}`),
    },
    holidayLists: {
      list: (query: Partial<HolidayListListQuery>) =>
        api.json<Paginated<HolidayListRow>>("GET", "/api/holiday-lists", { query }),
      get: (id: string) => api.json<HolidayListRecord>("GET", holidayListPath(id)),
      create: (body: HolidayListBody) => api.json<HolidayListRecord>("POST", "/api/holiday-lists", { body }),
      update: (id: string, body: HolidayListBody, version: number) =>
        api.json<HolidayListRecord>("PUT", holidayListPath(id), { body, ifMatch: version }),
      remove: (id: string, version: number) => api.empty("DELETE", holidayListPath(id), { ifMatch: version }),
    },
    jobs: {
      list: () => api.json<{ items: JobSummary[] }>("GET", "/api/jobs"),
      run: (name: string, body: { date?: string }) =>
        api.json<{ job: string; status: "completed"; outcome: JobOutcome }>("POST", `/api/jobs/${segment(name)}/run`, {
          body,
        }),
    },
  };
}

// The audit trail and the mail outbox (docs/api.md, "Audit log" and "Mail").

export type { MailStatus, TemplateSummary };
export type AuditLogRow = Json<AuditLogItem>;
export type MailRow = Json<MailListItem>;
export type MailRecord = Json<MailMessage>;

/** Filters travel as the text the API parses: instants as ISO strings, severities comma-separated. */
export type AuditLogQuery = {
  pageNumber?: number;
  pageSize?: number;
  orderDirection?: "asc" | "desc";
  from?: string;
  to?: string;
  action?: string;
  severity?: string;
  actorId?: string;
  entity?: string;
  entityId?: string;
};
type MailQuery = { pageNumber?: number; pageSize?: number; status?: MailStatus; search?: string };

const mailPath = (id: string) => `/api/mail/${segment(id)}`;

function auditAndMailEndpoints(api: Transport) {
  return {
    auditLogs: {
      list: (query: AuditLogQuery) => api.json<Paginated<AuditLogRow>>("GET", "/api/audit-logs", { query }),
      actions: () => api.json<{ items: string[] }>("GET", "/api/audit-logs/actions"),
    },
    mail: {
      list: (query: MailQuery) => api.json<Paginated<MailRow>>("GET", "/api/mail", { query }),
      get: (id: string) => api.json<MailRecord>("GET", mailPath(id)),
      retry: (id: string) => api.json<MailRow>("POST", `${mailPath(id)}/retry`),
      templates: () => api.json<{ items: TemplateSummary[] }>("GET", "/api/mail/templates"),
      preview: (name: string) => api.json<TemplatePreview>("GET", `/api/mail/templates/${segment(name)}/preview`),
    },
  };
}

// Files: member photos and documents (docs/api.md, "Files"). Uploads send the file itself as the body, with progress.

export type FileRow = Json<FileMetadata>;
/** Progress and cancellation of an upload. */
export type UploadControls = Pick<FileUpload, "onProgress" | "signal">;

const filePath = (id: string) => `/api/files/${segment(id)}`;

function fileEndpoints(api: Transport) {
  return {
    files: {
      list: (query: Partial<FileListQuery>) => api.json<Paginated<FileRow>>("GET", "/api/files", { query }),
      /** Stores `file` in `bucket` under its name, attached to a member when given. */
      upload: (
        query: { bucket: BucketName; name: string; memberId?: string },
        file: Blob,
        controls: UploadControls = {},
      ) => api.upload<FileRow>("POST", "/api/files", { query, file, ...controls }),
      /** The content as a response whose body the caller reads (a download, a preview). */
      content: (id: string, signal?: AbortSignal) => api.response("GET", `${filePath(id)}/content`, { signal }),
      remove: (id: string, version: number) => api.empty("DELETE", filePath(id), { ifMatch: version }),
    },
    memberPhoto: {
      /** The photo as a response; `404 File.NoPhoto` when the member has none. */
      get: (memberId: string, signal?: AbortSignal) => api.response("GET", `${memberPath(memberId)}/photo`, { signal }),
      /** Replaces the photo (JPEG, PNG, GIF or WebP, recognised from its bytes). */
      replace: (memberId: string, file: File, controls: UploadControls = {}) =>
        api.upload<FileRow>("PUT", `${memberPath(memberId)}/photo`, { query: { name: file.name }, file, ...controls }),
    },
  };
}
