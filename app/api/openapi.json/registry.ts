import * as attendanceRequestsIdApproveRoute from "@/app/api/attendance-requests/[id]/approve/route";
import * as attendanceRequestsIdRejectRoute from "@/app/api/attendance-requests/[id]/reject/route";
import * as attendanceRequestsIdRoute from "@/app/api/attendance-requests/[id]/route";
import * as attendanceRequestsRoute from "@/app/api/attendance-requests/route";
import * as auditLogsActionsRoute from "@/app/api/audit-logs/actions/route";
import * as auditLogsActorsRoute from "@/app/api/audit-logs/actors/route";
import * as auditLogsRoute from "@/app/api/audit-logs/route";
import * as authAcceptInvitationRoute from "@/app/api/auth/accept-invitation/route";
import * as authChangePasswordRoute from "@/app/api/auth/change-password/route";
import * as authConfirmEmailChangeRoute from "@/app/api/auth/confirm-email-change/route";
import * as authForgotPasswordRoute from "@/app/api/auth/forgot-password/route";
import * as authLoginRoute from "@/app/api/auth/login/route";
import * as authLogoutRoute from "@/app/api/auth/logout/route";
import * as authMeLanguageRoute from "@/app/api/auth/me/language/route";
import * as authMeRoute from "@/app/api/auth/me/route";
import * as authRefreshRoute from "@/app/api/auth/refresh/route";
import * as authRegisterRoute from "@/app/api/auth/register/route";
import * as authResetPasswordRoute from "@/app/api/auth/reset-password/route";
import * as authSessionRoute from "@/app/api/auth/sessions/[id]/route";
import * as authSessionsRoute from "@/app/api/auth/sessions/route";
import * as authVerifyEmailRoute from "@/app/api/auth/verify-email/route";
import * as billingBooksAnnualCustomersRoute from "@/app/api/billing/books/annual-customers/route";
import * as billingBooksIssuedInvoicesFileRoute from "@/app/api/billing/books/issued-invoices/file/route";
import * as billingBooksIssuedInvoicesRoute from "@/app/api/billing/books/issued-invoices/route";
import * as billingBooksPaymentsRoute from "@/app/api/billing/books/payments/route";
import * as billingBooksVatReturnRoute from "@/app/api/billing/books/vat-return/route";
import * as billingOverdueRoute from "@/app/api/billing/overdue/route";
import * as billingReportRoute from "@/app/api/billing/report/route";
import * as billingSeriesRoute from "@/app/api/billing/series/route";
import * as employeesIdAttendanceDateRoute from "@/app/api/employees/[id]/attendance/[date]/route";
import * as employeesIdAttendanceRoute from "@/app/api/employees/[id]/attendance/route";
import * as employeesIdClockRoute from "@/app/api/employees/[id]/clock/route";
import * as employeesIdClockInRoute from "@/app/api/employees/[id]/clock-in/route";
import * as employeesIdClockOutRoute from "@/app/api/employees/[id]/clock-out/route";
import * as employeesIdRoute from "@/app/api/employees/[id]/route";
import * as employeesRoute from "@/app/api/employees/route";
import * as filesIdContentRoute from "@/app/api/files/[id]/content/route";
import * as filesIdDownloadUrlRoute from "@/app/api/files/[id]/download-url/route";
import * as filesIdRoute from "@/app/api/files/[id]/route";
import * as filesRoute from "@/app/api/files/route";
import * as holidayListsIdPresetsRoute from "@/app/api/holiday-lists/[id]/presets/route";
import * as holidayListsIdRoute from "@/app/api/holiday-lists/[id]/route";
import * as holidayListsRoute from "@/app/api/holiday-lists/route";
import * as holidayPresetsRoute from "@/app/api/holiday-presets/route";
import * as invoicesIdPaymentsPaymentIdReceiptRoute from "@/app/api/invoices/[id]/payments/[paymentId]/receipt/route";
import * as invoicesIdPaymentsRoute from "@/app/api/invoices/[id]/payments/route";
import * as invoicesIdPdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as invoicesIdRectificationsRoute from "@/app/api/invoices/[id]/rectifications/route";
import * as invoicesIdRefundsRoute from "@/app/api/invoices/[id]/refunds/route";
import * as invoicesIdReissueRoute from "@/app/api/invoices/[id]/reissue/route";
import * as invoicesIdRoute from "@/app/api/invoices/[id]/route";
import * as invoicesIdSubstituteRoute from "@/app/api/invoices/[id]/substitute/route";
import * as invoicesIdVerifactuCorrectionsRoute from "@/app/api/invoices/[id]/verifactu-corrections/route";
import * as invoicesIdWriteOffRoute from "@/app/api/invoices/[id]/write-off/route";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as invoicesVerificationRoute from "@/app/api/invoices/verification/route";
import * as jobsNameRunRoute from "@/app/api/jobs/[name]/run/route";
import * as jobsRoute from "@/app/api/jobs/route";
import * as mailIdRetryRoute from "@/app/api/mail/[id]/retry/route";
import * as mailIdRoute from "@/app/api/mail/[id]/route";
import * as mailRoute from "@/app/api/mail/route";
import * as mailTemplatesNamePreviewRoute from "@/app/api/mail/templates/[name]/preview/route";
import * as mailTemplatesRoute from "@/app/api/mail/templates/route";
import * as membersIdBalanceRoute from "@/app/api/members/[id]/balance/route";
import * as membersIdInvoicesRoute from "@/app/api/members/[id]/invoices/route";
import * as membersIdMandatesMandateIdAmendRoute from "@/app/api/members/[id]/mandates/[mandateId]/amend/route";
import * as membersIdMandatesMandateIdRevokeRoute from "@/app/api/members/[id]/mandates/[mandateId]/revoke/route";
import * as membersIdMandatesMandateIdRoute from "@/app/api/members/[id]/mandates/[mandateId]/route";
import * as membersIdMandatesRoute from "@/app/api/members/[id]/mandates/route";
import * as membersIdPhotoRoute from "@/app/api/members/[id]/photo/route";
import * as membersIdRoute from "@/app/api/members/[id]/route";
import * as membersIdStatusRoute from "@/app/api/members/[id]/status/route";
import * as membersIdSubscriptionsSidCancelRoute from "@/app/api/members/[id]/subscriptions/[sid]/cancel/route";
import * as membersIdSubscriptionsSidChangePlanRoute from "@/app/api/members/[id]/subscriptions/[sid]/change-plan/route";
import * as membersIdSubscriptionsSidRenewRoute from "@/app/api/members/[id]/subscriptions/[sid]/renew/route";
import * as membersIdSubscriptionsSidRoute from "@/app/api/members/[id]/subscriptions/[sid]/route";
import * as membersIdSubscriptionsRoute from "@/app/api/members/[id]/subscriptions/route";
import * as membersEnrollRoute from "@/app/api/members/enroll/route";
import * as membersExportRoute from "@/app/api/members/export/route";
import * as membersRoute from "@/app/api/members/route";
import * as membersStatisticsRoute from "@/app/api/members/statistics/route";
import * as permissionsRoute from "@/app/api/permissions/route";
import * as plansIdRoute from "@/app/api/plans/[id]/route";
import * as plansRoute from "@/app/api/plans/route";
import * as remittancesIdFileRoute from "@/app/api/remittances/[id]/file/route";
import * as remittancesIdReturnsRoute from "@/app/api/remittances/[id]/returns/route";
import * as remittancesIdRoute from "@/app/api/remittances/[id]/route";
import * as remittancesIdSendRoute from "@/app/api/remittances/[id]/send/route";
import * as remittancesIdSettleRoute from "@/app/api/remittances/[id]/settle/route";
import * as remittancesCandidatesRoute from "@/app/api/remittances/candidates/route";
import * as remittancesRoute from "@/app/api/remittances/route";
import * as rolesIdRoute from "@/app/api/roles/[id]/route";
import * as rolesRoute from "@/app/api/roles/route";
import * as settingsPublicRoute from "@/app/api/settings/public/route";
import * as settingsRoute from "@/app/api/settings/route";
import * as setupPlatformRoute from "@/app/api/setup/platform/route";
import * as setupStatusRoute from "@/app/api/setup/status/route";
import * as setupSuperadminRoute from "@/app/api/setup/superadmin/route";
import * as shiftTypesIdRoute from "@/app/api/shift-types/[id]/route";
import * as shiftTypesRoute from "@/app/api/shift-types/route";
import * as staffIdInvitationRoute from "@/app/api/staff/[id]/invitation/route";
import * as staffRoute from "@/app/api/staff/route";
import * as usersIdBlacklistRoute from "@/app/api/users/[id]/blacklist/route";
import * as usersIdRolesRoute from "@/app/api/users/[id]/roles/route";
import * as usersIdRoute from "@/app/api/users/[id]/route";
import * as usersMeAttendanceRoute from "@/app/api/users/me/attendance/route";
import * as usersMeAttendanceRequestsRoute from "@/app/api/users/me/attendance-requests/route";
import * as usersMeClockRoute from "@/app/api/users/me/clock/route";
import * as usersMeClockInRoute from "@/app/api/users/me/clock-in/route";
import * as usersMeClockOutRoute from "@/app/api/users/me/clock-out/route";
import * as usersRoute from "@/app/api/users/route";
import type { RouteModules } from "@/lib/openapi/document";

/**
 * Every route module under app/api the document describes, by its folder below app/api. Next.js finds routes by the
 * filesystem, a bundle needs static imports: registry.test.ts fails when this list and the route.ts files under app/api disagree.
 * A new route: add its import and its line here (the test's message gives both).
 */
export const DOCUMENTED_ROUTES: RouteModules = {
  "attendance-requests": attendanceRequestsRoute,
  "attendance-requests/[id]": attendanceRequestsIdRoute,
  "attendance-requests/[id]/approve": attendanceRequestsIdApproveRoute,
  "attendance-requests/[id]/reject": attendanceRequestsIdRejectRoute,
  "audit-logs": auditLogsRoute,
  "audit-logs/actions": auditLogsActionsRoute,
  "auth/accept-invitation": authAcceptInvitationRoute,
  "audit-logs/actors": auditLogsActorsRoute,
  "auth/change-password": authChangePasswordRoute,
  "auth/confirm-email-change": authConfirmEmailChangeRoute,
  "auth/forgot-password": authForgotPasswordRoute,
  "auth/login": authLoginRoute,
  "auth/logout": authLogoutRoute,
  "auth/me": authMeRoute,
  "auth/me/language": authMeLanguageRoute,
  "auth/refresh": authRefreshRoute,
  "auth/register": authRegisterRoute,
  "auth/reset-password": authResetPasswordRoute,
  "auth/sessions": authSessionsRoute,
  "auth/sessions/[id]": authSessionRoute,
  "auth/verify-email": authVerifyEmailRoute,
  employees: employeesRoute,
  "employees/[id]": employeesIdRoute,
  "employees/[id]/attendance": employeesIdAttendanceRoute,
  "employees/[id]/attendance/[date]": employeesIdAttendanceDateRoute,
  "employees/[id]/clock": employeesIdClockRoute,
  "employees/[id]/clock-in": employeesIdClockInRoute,
  "employees/[id]/clock-out": employeesIdClockOutRoute,
  files: filesRoute,
  "files/[id]": filesIdRoute,
  "files/[id]/content": filesIdContentRoute,
  "files/[id]/download-url": filesIdDownloadUrlRoute,
  "holiday-lists": holidayListsRoute,
  "holiday-lists/[id]": holidayListsIdRoute,
  "holiday-lists/[id]/presets": holidayListsIdPresetsRoute,
  "holiday-presets": holidayPresetsRoute,
  jobs: jobsRoute,
  "jobs/[name]/run": jobsNameRunRoute,
  mail: mailRoute,
  "mail/[id]": mailIdRoute,
  "mail/[id]/retry": mailIdRetryRoute,
  "mail/templates": mailTemplatesRoute,
  "mail/templates/[name]/preview": mailTemplatesNamePreviewRoute,
  members: membersRoute,
  "members/[id]": membersIdRoute,
  "members/[id]/photo": membersIdPhotoRoute,
  "members/[id]/status": membersIdStatusRoute,
  "members/[id]/mandates": membersIdMandatesRoute,
  "members/[id]/mandates/[mandateId]": membersIdMandatesMandateIdRoute,
  "members/[id]/mandates/[mandateId]/amend": membersIdMandatesMandateIdAmendRoute,
  "members/[id]/mandates/[mandateId]/revoke": membersIdMandatesMandateIdRevokeRoute,
  "members/[id]/subscriptions": membersIdSubscriptionsRoute,
  "members/[id]/invoices": membersIdInvoicesRoute,
  invoices: invoicesRoute,
  "invoices/verification": invoicesVerificationRoute,
  "invoices/[id]": invoicesIdRoute,
  "invoices/[id]/pdf": invoicesIdPdfRoute,
  "invoices/[id]/payments/[paymentId]/receipt": invoicesIdPaymentsPaymentIdReceiptRoute,
  "invoices/[id]/rectifications": invoicesIdRectificationsRoute,
  "invoices/[id]/reissue": invoicesIdReissueRoute,
  "invoices/[id]/substitute": invoicesIdSubstituteRoute,
  "invoices/[id]/verifactu-corrections": invoicesIdVerifactuCorrectionsRoute,
  "invoices/[id]/payments": invoicesIdPaymentsRoute,
  "invoices/[id]/refunds": invoicesIdRefundsRoute,
  "invoices/[id]/write-off": invoicesIdWriteOffRoute,
  "billing/report": billingReportRoute,
  "billing/overdue": billingOverdueRoute,
  "billing/series": billingSeriesRoute,
  "billing/books/issued-invoices": billingBooksIssuedInvoicesRoute,
  "billing/books/issued-invoices/file": billingBooksIssuedInvoicesFileRoute,
  "billing/books/vat-return": billingBooksVatReturnRoute,
  "billing/books/annual-customers": billingBooksAnnualCustomersRoute,
  "billing/books/payments": billingBooksPaymentsRoute,
  "members/[id]/balance": membersIdBalanceRoute,
  remittances: remittancesRoute,
  "remittances/candidates": remittancesCandidatesRoute,
  "remittances/[id]": remittancesIdRoute,
  "remittances/[id]/file": remittancesIdFileRoute,
  "remittances/[id]/send": remittancesIdSendRoute,
  "remittances/[id]/returns": remittancesIdReturnsRoute,
  "remittances/[id]/settle": remittancesIdSettleRoute,
  "members/[id]/subscriptions/[sid]": membersIdSubscriptionsSidRoute,
  "members/[id]/subscriptions/[sid]/cancel": membersIdSubscriptionsSidCancelRoute,
  "members/[id]/subscriptions/[sid]/change-plan": membersIdSubscriptionsSidChangePlanRoute,
  "members/[id]/subscriptions/[sid]/renew": membersIdSubscriptionsSidRenewRoute,
  "members/enroll": membersEnrollRoute,
  "members/export": membersExportRoute,
  "members/statistics": membersStatisticsRoute,
  permissions: permissionsRoute,
  plans: plansRoute,
  "plans/[id]": plansIdRoute,
  roles: rolesRoute,
  "roles/[id]": rolesIdRoute,
  settings: settingsRoute,
  "settings/public": settingsPublicRoute,
  "setup/platform": setupPlatformRoute,
  "setup/status": setupStatusRoute,
  "setup/superadmin": setupSuperadminRoute,
  "shift-types": shiftTypesRoute,
  staff: staffRoute,
  "staff/[id]/invitation": staffIdInvitationRoute,
  "shift-types/[id]": shiftTypesIdRoute,
  users: usersRoute,
  "users/[id]": usersIdRoute,
  "users/[id]/blacklist": usersIdBlacklistRoute,
  "users/[id]/roles": usersIdRolesRoute,
  "users/me/attendance": usersMeAttendanceRoute,
  "users/me/attendance-requests": usersMeAttendanceRequestsRoute,
  "users/me/clock": usersMeClockRoute,
  "users/me/clock-in": usersMeClockInRoute,
  "users/me/clock-out": usersMeClockOutRoute,
};

/** The folder of the endpoint serving the document; it describes itself (app/api/openapi.json/route.ts). */
export const DOCUMENT_ROUTE = "openapi.json";

/** Route modules under app/api that are not part of the API the document describes, each with the reason. */
export const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {
  "[...path]": "The catch-all that answers any /api path no route matches with 404 problem details; not an endpoint.",
  "auth/[...nextauth]":
    "next-auth's endpoints for the console's browser session (CSRF-protected forms and cookies), not for API clients.",
  "console/change-password":
    "The console's password change: POST /api/auth/change-password with the new refresh token sealed for the console's session cookie; API clients call that endpoint.",
  inngest:
    "Inngest's signed serve endpoint, called only by an Inngest server, and 404 unless INNGEST_BASE_URL or INNGEST_SIGNING_KEY is set.",
};
