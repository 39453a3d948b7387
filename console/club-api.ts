import type { JsonAnswer, JsonBody, PageItem, QueryOf } from "@/clients/typescript";
import { remittanceEndpoints } from "./remittances-api";
import type { FileUpload, Transport } from "./transport";
import { answer, done, ifMatch, streamed, type typedClient } from "./typed-client";

// The club's records as the generated client (clients/typescript) types them: the OpenAPI document's answers.

type ConsoleClient = ReturnType<typeof typedClient>;

export type PlanRow = JsonAnswer<"/api/plans/{id}", "get">;
type MemberRow = PageItem<JsonAnswer<"/api/members", "get">>;
export type MemberRecord = JsonAnswer<"/api/members/{id}", "get">;
export type SubscriptionRow = JsonAnswer<"/api/members/{id}/subscriptions/{sid}", "get">;
export type MemberStatus = MemberRow["status"];
export type MemberInput = JsonBody<"/api/members", "post">;
export type PlanInput = JsonBody<"/api/plans", "post">;
export type BillingPeriod = SubscriptionRow["billingPeriod"];
export type PlanChangeQuote = JsonAnswer<"/api/members/{id}/subscriptions/{sid}/change-plan", "get">;
export type MemberStatistics = JsonAnswer<"/api/members/statistics", "get">;
export type RevenueReport = JsonAnswer<"/api/billing/report", "get">;
export type RevenueReportQuery = QueryOf<"/api/billing/report", "get">;
export type OverdueList = JsonAnswer<"/api/billing/overdue", "get">;
export type IssuedInvoicesBook = JsonAnswer<"/api/billing/books/issued-invoices", "get">;
export type VatReturn = JsonAnswer<"/api/billing/books/vat-return", "get">;
export type AnnualCustomers = JsonAnswer<"/api/billing/books/annual-customers", "get">;
export type PaymentsJournal = JsonAnswer<"/api/billing/books/payments", "get">;
export type BookPeriod = QueryOf<"/api/billing/books/issued-invoices", "get">;
type BookFileQuery = QueryOf<"/api/billing/books/issued-invoices/file", "get">;

type PlanChangeQuery = QueryOf<"/api/members/{id}/subscriptions/{sid}/change-plan", "get">;
/** A subscription term's path parameters. */
const term = (id: string, sid: string) => ({ path: { id, sid } });

/**
 * Plans, members and their subscriptions (docs/api.md), as the console calls them. A change or delete of a record
 * names the `version` it was shown (If-Match), so a record someone else changed meanwhile answers 412, not overwritten.
 */
export function clubEndpoints(client: ConsoleClient, api: Transport) {
  return {
    plans: {
      list: (query: QueryOf<"/api/plans", "get">) => answer(client.GET("/api/plans", { params: { query } })),
      create: (body: PlanInput) => answer(client.POST("/api/plans", { body })),
      update: (id: string, body: PlanInput, version: number) =>
        answer(client.PUT("/api/plans/{id}", { params: { path: { id }, header: ifMatch(version) }, body })),
      deactivate: (id: string, version: number) =>
        answer(client.DELETE("/api/plans/{id}", { params: { path: { id }, header: ifMatch(version) } })),
    },
    members: {
      list: (query: QueryOf<"/api/members", "get">) => answer(client.GET("/api/members", { params: { query } })),
      get: (id: string) => answer(client.GET("/api/members/{id}", { params: { path: { id } } })),
      create: (body: MemberInput) => answer(client.POST("/api/members", { body })),
      update: (id: string, body: MemberInput, version: number) =>
        answer(client.PUT("/api/members/{id}", { params: { path: { id }, header: ifMatch(version) }, body })),
      remove: (id: string, version: number) =>
        done(client.DELETE("/api/members/{id}", { params: { path: { id }, header: ifMatch(version) } })),
      changeStatus: (id: string, body: JsonBody<"/api/members/{id}/status", "put">) =>
        answer(client.PUT("/api/members/{id}/status", { params: { path: { id } }, body })),
      enroll: (body: JsonBody<"/api/members/enroll", "post">) => answer(client.POST("/api/members/enroll", { body })),
      statistics: () => answer(client.GET("/api/members/statistics")),
      /** The CSV download as a response whose body the caller streams. */
      export: (query: QueryOf<"/api/members/export", "get">, signal: AbortSignal) =>
        streamed(client.GET("/api/members/export", { params: { query }, signal, parseAs: "stream" })),
    },
    billingReports: {
      revenue: (query: RevenueReportQuery) => answer(client.GET("/api/billing/report", { params: { query } })),
      overdue: (query: QueryOf<"/api/billing/overdue", "get">) =>
        answer(client.GET("/api/billing/overdue", { params: { query } })),
    },
    books: {
      issuedInvoices: (query: BookPeriod) =>
        answer(client.GET("/api/billing/books/issued-invoices", { params: { query } })),
      /** The libro registro as a CSV or XLSX file: a response whose body the caller saves. */
      issuedInvoicesFile: (query: BookFileQuery) =>
        streamed(client.GET("/api/billing/books/issued-invoices/file", { params: { query }, parseAs: "stream" })),
      vatReturn: (query: QueryOf<"/api/billing/books/vat-return", "get">) =>
        answer(client.GET("/api/billing/books/vat-return", { params: { query } })),
      annualCustomers: (query: QueryOf<"/api/billing/books/annual-customers", "get">) =>
        answer(client.GET("/api/billing/books/annual-customers", { params: { query } })),
      payments: (query: BookPeriod) => answer(client.GET("/api/billing/books/payments", { params: { query } })),
    },
    subscriptions: {
      list: (id: string, query: QueryOf<"/api/members/{id}/subscriptions", "get">) =>
        answer(client.GET("/api/members/{id}/subscriptions", { params: { path: { id }, query } })),
      create: (id: string, body: JsonBody<"/api/members/{id}/subscriptions", "post">) =>
        answer(client.POST("/api/members/{id}/subscriptions", { params: { path: { id } }, body })),
      quotePlanChange: (id: string, sid: string, query: PlanChangeQuery) =>
        answer(
          client.GET("/api/members/{id}/subscriptions/{sid}/change-plan", { params: { ...term(id, sid), query } }),
        ),
      changePlan: (
        id: string,
        sid: string,
        body: JsonBody<"/api/members/{id}/subscriptions/{sid}/change-plan", "post">,
      ) => answer(client.POST("/api/members/{id}/subscriptions/{sid}/change-plan", { params: term(id, sid), body })),
      renew: (id: string, sid: string) =>
        answer(client.POST("/api/members/{id}/subscriptions/{sid}/renew", { params: term(id, sid) })),
      cancel: (id: string, sid: string, body: JsonBody<"/api/members/{id}/subscriptions/{sid}/cancel", "post">) =>
        answer(client.POST("/api/members/{id}/subscriptions/{sid}/cancel", { params: term(id, sid), body })),
    },
    ...staffEndpoints(client),
    ...auditAndMailEndpoints(client),
    ...fileEndpoints(client, api),
    ...remittanceEndpoints(client),
  };
}

// Staff attendance: employees, holiday lists, clock events, records, correction requests; and the background jobs.

export type AttendanceRecord = JsonAnswer<"/api/employees/{id}/attendance/{date}", "get">;
export type AttendancePage = JsonAnswer<"/api/users/me/attendance", "get">;
export type AttendanceStatus = AttendanceRecord["status"];
export type AttendanceRequest = JsonAnswer<"/api/attendance-requests/{id}", "get">;
export type RequestStatus = AttendanceRequest["status"];
export type EmployeeRow = JsonAnswer<"/api/employees/{id}", "get">;
export type HolidayListRow = PageItem<JsonAnswer<"/api/holiday-lists", "get">>;
export type HolidayListRecord = JsonAnswer<"/api/holiday-lists/{id}", "get">;
export type HolidayListBody = JsonBody<"/api/holiday-lists", "post">;
export type HolidayPresetId = JsonBody<"/api/holiday-lists/{id}/presets", "post">["preset"];
export type ClockBody = JsonBody<"/api/users/me/clock-in", "post">;
export type CheckinSource = NonNullable<ClockBody["source"]>;
export type CorrectionBody = JsonBody<"/api/attendance-requests", "post">;
export type ClockState = JsonAnswer<"/api/users/me/clock", "get">;
export type CheckEvent = JsonAnswer<"/api/users/me/clock-in", "post">;
export type ClockOut = JsonAnswer<"/api/users/me/clock-out", "post">;
export type JobSummary = PageItem<JsonAnswer<"/api/jobs", "get">>;
export type JobOutcome = JsonAnswer<"/api/jobs/{name}/run", "post">["outcome"];

function staffEndpoints(client: ConsoleClient) {
  return {
    /** The signed-in user's own clock, days and correction requests (`/api/users/me/...`). */
    me: {
      clock: () => answer(client.GET("/api/users/me/clock")),
      clockIn: (body: ClockBody) => answer(client.POST("/api/users/me/clock-in", { body })),
      clockOut: (body: ClockBody) => answer(client.POST("/api/users/me/clock-out", { body })),
      attendance: (query: QueryOf<"/api/users/me/attendance", "get">) =>
        answer(client.GET("/api/users/me/attendance", { params: { query } })),
      requests: (query: QueryOf<"/api/users/me/attendance-requests", "get">) =>
        answer(client.GET("/api/users/me/attendance-requests", { params: { query } })),
    },
    attendanceRequests: {
      list: (query: QueryOf<"/api/attendance-requests", "get">) =>
        answer(client.GET("/api/attendance-requests", { params: { query } })),
      submit: (body: CorrectionBody) => answer(client.POST("/api/attendance-requests", { body })),
      approve: (id: string) =>
        answer(client.PUT("/api/attendance-requests/{id}/approve", { params: { path: { id } } })),
      reject: (id: string, body: JsonBody<"/api/attendance-requests/{id}/reject", "put">) =>
        answer(client.PUT("/api/attendance-requests/{id}/reject", { params: { path: { id } }, body })),
    },
    employees: {
      list: (query: QueryOf<"/api/employees", "get">) => answer(client.GET("/api/employees", { params: { query } })),
      get: (id: string) => answer(client.GET("/api/employees/{id}", { params: { path: { id } } })),
      create: (body: JsonBody<"/api/employees", "post">) => answer(client.POST("/api/employees", { body })),
      update: (id: string, body: JsonBody<"/api/employees/{id}", "put">, version: number) =>
        answer(client.PUT("/api/employees/{id}", { params: { path: { id }, header: ifMatch(version) }, body })),
      clock: (id: string) => answer(client.GET("/api/employees/{id}/clock", { params: { path: { id } } })),
      clockIn: (id: string, body: ClockBody) =>
        answer(client.POST("/api/employees/{id}/clock-in", { params: { path: { id } }, body })),
      clockOut: (id: string, body: ClockBody) =>
        answer(client.POST("/api/employees/{id}/clock-out", { params: { path: { id } }, body })),
      attendance: (id: string, query: QueryOf<"/api/employees/{id}/attendance", "get">) =>
        answer(client.GET("/api/employees/{id}/attendance", { params: { path: { id }, query } })),
      record: (id: string, date: string) =>
        answer(client.GET("/api/employees/{id}/attendance/{date}", { params: { path: { id, date } } })),
    },
    holidayLists: {
      list: (query: QueryOf<"/api/holiday-lists", "get">) =>
        answer(client.GET("/api/holiday-lists", { params: { query } })),
      get: (id: string) => answer(client.GET("/api/holiday-lists/{id}", { params: { path: { id } } })),
      create: (body: HolidayListBody) => answer(client.POST("/api/holiday-lists", { body })),
      update: (id: string, body: HolidayListBody, version: number) =>
        answer(client.PUT("/api/holiday-lists/{id}", { params: { path: { id }, header: ifMatch(version) }, body })),
      remove: (id: string, version: number) =>
        done(client.DELETE("/api/holiday-lists/{id}", { params: { path: { id }, header: ifMatch(version) } })),
      presets: () => answer(client.GET("/api/holiday-presets")),
      applyPreset: (id: string, body: JsonBody<"/api/holiday-lists/{id}/presets", "post">) =>
        answer(client.POST("/api/holiday-lists/{id}/presets", { params: { path: { id } }, body })),
    },
    jobs: {
      list: () => answer(client.GET("/api/jobs")),
      run: (name: string, body: JsonBody<"/api/jobs/{name}/run", "post">) =>
        answer(client.POST("/api/jobs/{name}/run", { params: { path: { name } }, body })),
    },
  };
}

// The audit trail and the mail outbox (docs/api.md, "Audit log" and "Mail").

export type AuditLogRow = PageItem<JsonAnswer<"/api/audit-logs", "get">>;
export type AuditLogQuery = QueryOf<"/api/audit-logs", "get">;
export type AuditActorChoice = JsonAnswer<"/api/audit-logs/actors", "get">["items"][number];
export type MailRow = PageItem<JsonAnswer<"/api/mail", "get">>;
export type MailRecord = JsonAnswer<"/api/mail/{id}", "get">;
export type MailStatus = MailRow["status"];
export type TemplateSummary = PageItem<JsonAnswer<"/api/mail/templates", "get">>;
export type TemplateLanguage = NonNullable<QueryOf<"/api/mail/templates", "get">["language"]>;

function auditAndMailEndpoints(client: ConsoleClient) {
  return {
    auditLogs: {
      list: (query: AuditLogQuery) => answer(client.GET("/api/audit-logs", { params: { query } })),
      actions: () => answer(client.GET("/api/audit-logs/actions")),
      actors: (search: string) => answer(client.GET("/api/audit-logs/actors", { params: { query: { search } } })),
    },
    mail: {
      list: (query: QueryOf<"/api/mail", "get">) => answer(client.GET("/api/mail", { params: { query } })),
      get: (id: string) => answer(client.GET("/api/mail/{id}", { params: { path: { id } } })),
      retry: (id: string) => answer(client.POST("/api/mail/{id}/retry", { params: { path: { id } } })),
      templates: (language: TemplateLanguage) =>
        answer(client.GET("/api/mail/templates", { params: { query: { language } } })),
      preview: (name: string, language: TemplateLanguage) =>
        answer(client.GET("/api/mail/templates/{name}/preview", { params: { path: { name }, query: { language } } })),
    },
  };
}

// Files: member photos and documents (docs/api.md, "Files"). Uploads send the file itself as the body, with progress.

export type FileRow = JsonAnswer<"/api/files", "post">;
/** Progress and cancellation of an upload. */
export type UploadControls = Pick<FileUpload, "onProgress" | "signal">;

function fileEndpoints(client: ConsoleClient, api: Transport) {
  return {
    files: {
      list: (query: QueryOf<"/api/files", "get">) => answer(client.GET("/api/files", { params: { query } })),
      /** Stores `file` in `bucket` under its name, attached to a member when given. */
      upload: (query: QueryOf<"/api/files", "post">, file: Blob, controls: UploadControls = {}) =>
        api.upload<FileRow>("POST", "/api/files", { query, file, ...controls }),
      /** The content as a response whose body the caller reads (a download, a preview). */
      content: (id: string, signal?: AbortSignal) =>
        streamed(client.GET("/api/files/{id}/content", { params: { path: { id } }, signal, parseAs: "stream" })),
      remove: (id: string, version: number) =>
        done(client.DELETE("/api/files/{id}", { params: { path: { id }, header: ifMatch(version) } })),
    },
    memberPhoto: {
      /** The photo as a response; `404 File.NoPhoto` when the member has none. */
      get: (id: string, signal?: AbortSignal) =>
        streamed(client.GET("/api/members/{id}/photo", { params: { path: { id } }, signal, parseAs: "stream" })),
      /** Replaces the photo (JPEG, PNG, GIF or WebP, recognised from its bytes). */
      replace: (id: string, file: File, controls: UploadControls = {}) =>
        api.upload<JsonAnswer<"/api/members/{id}/photo", "put">>(
          "PUT",
          `/api/members/${encodeURIComponent(id)}/photo`,
          {
            query: { name: file.name },
            file,
            ...controls,
          },
        ),
    },
  };
}
