import { z } from "zod";
import { ATTENDANCE_STATUSES } from "@/lib/attendance/classify";
import type { CheckEvent, ClockOut, ClockState } from "@/lib/attendance/clock";
import type { AttendancePage } from "@/lib/attendance/records";
import type { AttendanceRequestView } from "@/lib/attendance/repository";
import { CHECKIN_SOURCES, REQUEST_STATUSES } from "@/lib/attendance/schemas";
import type { OwnLanguage } from "@/lib/auth/own-language";
import type { Profile } from "@/lib/auth/profile";
import type { SignInSummary } from "@/lib/auth/sign-ins";
import type { ChainVerification } from "@/lib/billing/chain";
import { PAYMENT_METHODS } from "@/lib/billing/collections/payment-schemas";
import type { Mandate } from "@/lib/billing/mandates";
import type { InvoiceDetail, InvoiceSummary } from "@/lib/billing/repository";
import { INVOICE_STATUSES } from "@/lib/billing/schemas";
import type { HolidayPresetView } from "@/lib/employees/holiday-presets";
import type { Employee, HolidayList, HolidayListSummary, ShiftType } from "@/lib/employees/repository";
import type { JobSummary } from "@/lib/jobs/manual";
import { MAIL_LANGUAGES } from "@/lib/mail/recipient-language";
import type { MemberDetail, MemberListItem } from "@/lib/members/repository";
import { MEMBER_STATUSES } from "@/lib/members/schemas";
import type { MemberStatistics } from "@/lib/members/statistics";
import type { Plan } from "@/lib/plans/repository";
import { instant, type JsonOf, nameSchemas, pageOf, recordVersion, type SameShape } from "@/lib/platform/http/shapes";
import { AMOUNT_ANSWERED } from "@/lib/platform/money";
import type { Role } from "@/lib/roles/repository";
import type { ClubLocale } from "@/lib/settings/club-settings";
import { CLUB_LANGUAGES } from "@/lib/settings/languages";
import type { PlatformSettings } from "@/lib/settings/platform-settings";
import type { PublicSettings } from "@/lib/settings/public";
import type { SetupStatus } from "@/lib/settings/setup-status";
import type { Settings } from "@/lib/setup/settings";
import type { Invitation } from "@/lib/staff/invitation";
import type { StaffMember } from "@/lib/staff/service";
import type { PlanChangeQuote } from "@/lib/subscriptions/lifecycle";
import type { Subscription } from "@/lib/subscriptions/repository";
import type { UserSummary } from "@/lib/users/summaries";

/*
 * Response bodies of the endpoints whose answers the reference shows field by field. Each shape is checked at compile
 * time against the type the service returns (`SameShape`), so a field added, removed or retyped on either side fails
 * `npx tsc`; app/api/openapi.json/openapi.int.test.ts also parses real answers with them.
 */

const uuid = () => z.string().meta({ format: "uuid" });
const calendarDate = () => z.string().meta({ format: "date", examples: ["2026-11-20"] });
const bytes = () => z.number().int().positive();
const money = () =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({ description: "Decimal string with two places.", examples: ["49.90"] });
/** An amount that is negative on credits and rectifying invoices. */
const signedMoney = () =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({ description: "Decimal string with two places; negative on credits.", examples: ["-12.50"] });

const percent = () =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({ description: "A percentage as a decimal string with two places.", examples: ["21.00"] });

const postalAddress = z
  .strictObject({
    line: z.string(),
    postalCode: z.string(),
    city: z.string(),
    province: z.string().nullable(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2.", examples: ["ES"] }),
  })
  .meta({ id: "PostalAddress" });

export const setupStatusResponse = z.strictObject({ status: z.enum(["incomplete", "complete"]) });
const setupStatusIsExact: SameShape<z.output<typeof setupStatusResponse>, { status: SetupStatus }> = true;

const clubLanguage = () =>
  z.enum(CLUB_LANGUAGES).meta({ description: "The club's language: the console's and the mails' default." });
const clubTimeZone = () =>
  z.string().meta({
    description: 'IANA zone of the club\'s calendar: attendance dates, "today", job schedules.',
    examples: ["Europe/Madrid"],
  });
const clubCurrency = () => z.string().meta({ description: "ISO 4217 currency of every price.", examples: ["EUR"] });

export const platformSettingsResponse = z.strictObject({
  platformName: z.string(),
  platformDescription: z.string().nullable(),
  language: clubLanguage(),
  timeZone: clubTimeZone(),
  currency: clubCurrency(),
});
const platformIsExact: SameShape<z.output<typeof platformSettingsResponse>, PlatformSettings & ClubLocale> = true;

export const settingsResponse = z.strictObject({
  clubName: z.string(),
  description: z.string().nullable(),
  creditorIdentifier: z
    .string()
    .nullable()
    .meta({
      description: "The club's SEPA creditor identifier for direct debits; null until set.",
      examples: ["ES97000B12345678"],
    }),
  collectionIban: z
    .string()
    .nullable()
    .meta({
      description: "The account direct debits are paid into; null until set.",
      examples: ["ES7921000813610123456789"],
    }),
  collectionBic: z.string().nullable().meta({ description: "The BIC of that account's bank, if given." }),
  language: clubLanguage(),
  timeZone: clubTimeZone(),
  currency: clubCurrency(),
  taxData: z
    .strictObject({
      legalName: z.string().nullable(),
      taxId: z.string().nullable(),
      address: postalAddress.nullable(),
      defaultTaxRate: percent(),
      billingStarted: z
        .boolean()
        .meta({ description: "Whether terms are invoiced: once legal name, tax id and address are all set." }),
    })
    .meta({ id: "ClubTaxData", description: "The club as the issuer of its invoices (docs/billing.md)." }),
  dunning: z
    .strictObject({
      enabled: z.boolean().meta({ description: "Whether the daily process-dunning job reminds and suspends." }),
      reminderDays: z
        .array(z.number().int())
        .meta({ description: "Days after the due date an overdue invoice's member is reminded on, ascending." }),
      graceDays: z
        .number()
        .int()
        .meta({ description: "A member is suspended once an invoice is overdue more than this many days." }),
    })
    .meta({
      id: "DunningSettingsView",
      description: "Reminders and suspension for unpaid invoices (docs/billing.md, Dunning).",
    }),
  directDebit: z
    .strictObject({
      collectionDay: z.number().int().nullable().meta({
        description:
          "The day of the month direct debits are collected; a mandate member's invoice is due on the first one on or after its term starts. null: due when the term starts.",
      }),
      representAfterDays: z.number().int().nullable().meta({
        description:
          "Days after a return before the next remittance presents the debit again (0: at once); null: only when staff choose it.",
      }),
      fileVersion: z.enum(["pain.008.001.02", "pain.008.001.08"]).meta({
        description: "The ISO 20022 version of the bank file of remittances built from now on; each keeps its own.",
      }),
      batchBooking: z.boolean().meta({
        description:
          "BtchBookg of the payment blocks of remittances built from now on: true, one booking per block on the club's statement; false, one per debit.",
      }),
      preNotificationDays: z.number().int().meta({
        description:
          "Days before a collection its debtor is told the amount and date (1–30; 14 by the EPC rulebook unless the mandate terms agree another period).",
      }),
      returnFee: money().nullable().meta({
        description:
          "The fee invoiced to a member for each returned direct debit, outside IVA (an indemnity); null: none.",
      }),
    })
    .meta({
      id: "DirectDebitSettingsView",
      description:
        "When direct debits are collected and presented again, and how their bank file is written (docs/billing.md, SEPA direct debit).",
    }),
  updatedAt: instant(),
  version: recordVersion(),
});
const settingsIsExact: SameShape<z.output<typeof settingsResponse>, JsonOf<Settings>> = true;

export const ownLanguageResponse = z.strictObject({
  language: z
    .enum(CLUB_LANGUAGES)
    .nullable()
    .meta({ description: "The console's language the caller picked; null follows the club's." }),
});
const ownLanguageIsExact: SameShape<z.output<typeof ownLanguageResponse>, OwnLanguage> = true;

export const publicSettingsResponse = z.strictObject({
  clubName: z.string().nullable().meta({ description: "Null until first-run setup names the club." }),
  timeZone: clubTimeZone(),
  currency: clubCurrency(),
  languages: z
    .array(z.string())
    .meta({ description: "BCP 47 tags the club's texts come in.", examples: [["en", "es"]] }),
  defaultLanguage: z.string().meta({ description: "The club's language (GET /api/settings).", examples: ["es"] }),
  uploadLimitBytes: z.strictObject({ "club-documents": bytes(), "club-images": bytes(), "club-temp": bytes() }).meta({
    description:
      "The largest file each bucket takes (POST /api/files, PUT /api/members/{id}/photo), in bytes; a larger one is 413 with `limitBytes`.",
    examples: [{ "club-documents": 26214400, "club-images": 10485760, "club-temp": 104857600 }],
  }),
});
const publicSettingsIsExact: SameShape<z.output<typeof publicSettingsResponse>, PublicSettings> = true;

export const messageResponse = z.strictObject({ message: z.string() });

/** sessionResponse() in lib/auth/session-http.ts; the refresh token fields only with `"refreshTokenTransport": "body"`. */
export const loginResponse = z.strictObject({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int().meta({ description: "Seconds the access token lives." }),
  userId: uuid(),
  email: z.string(),
  role: z
    .string()
    .nullable()
    .meta({ description: "The account's most powerful built-in role, else its first role by name." }),
  mustChangePassword: z.boolean(),
  refreshToken: z.string().optional(),
  refreshTokenExpiresAt: instant().optional(),
});

export const profileResponse = z.strictObject({
  id: uuid(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string().nullable(),
  roles: z.array(z.string()),
  mustChangePassword: z.boolean(),
  permissions: z
    .array(z.string())
    .meta({ description: "Effective permissions; a wildcard holder gets `*` and every named one." }),
  language: ownLanguageResponse.shape.language,
});
const profileIsExact: SameShape<z.output<typeof profileResponse>, Profile> = true;

/** GET /api/auth/sessions: the caller's sign-ins that can still go on (lib/auth/sign-ins.ts). */
const signInResponse = z.strictObject({
  id: uuid().meta({ description: "The sign-in's id: DELETE /api/auth/sessions/{id} ends it." }),
  startedAt: instant().meta({ description: "When the password was given." }),
  lastActiveAt: instant().meta({
    description: "When it was last used: within an access token's lifetime (15 minutes) of its last request.",
  }),
  userAgent: z.string().nullable().meta({ description: "The browser or app it was made from, as it said." }),
  current: z.boolean().meta({ description: "Whether it is the sign-in of the token that asked." }),
});
export const signInListResponse = z.strictObject({ items: z.array(signInResponse) });
const signInIsExact: SameShape<z.output<typeof signInResponse>, JsonOf<SignInSummary>> = true;

export const userResponse = z.strictObject({
  id: uuid(),
  email: z.string(),
  pendingEmail: z.string().nullable().meta({
    description:
      "An address staff asked to change the email to, waiting for the new address to confirm it (the link lives 24 h); else null.",
  }),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  isBlacklisted: z.boolean(),
  blacklistReason: z.string().nullable(),
  mustChangePassword: z.boolean(),
  emailVerified: z.boolean(),
  invitedAt: instant()
    .nullable()
    .meta({ description: "When an invitation to choose a password was last emailed (POST /api/staff); else null." }),
  invitationPending: z
    .boolean()
    .meta({ description: "Invited and not yet accepted: the account cannot sign in until the link is followed." }),
  lastLoginAt: instant().nullable(),
  createdAt: instant(),
  version: recordVersion(),
});
const userIsExact: SameShape<z.output<typeof userResponse>, JsonOf<UserSummary>> = true;
export const userPageResponse = pageOf(userResponse);

export const roleResponse = z.strictObject({
  id: uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isBuiltIn: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: instant(),
  version: recordVersion(),
});
const roleIsExact: SameShape<z.output<typeof roleResponse>, JsonOf<Role>> = true;
export const rolePageResponse = pageOf(roleResponse);

export const permissionsResponse = z
  .array(z.string())
  .meta({ examples: [["*", "attendance:clock-in", "members:read"]] });

export const planResponse = z.strictObject({
  id: uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  monthlyPrice: money(),
  quarterlyPrice: money().nullable(),
  annualPrice: money().nullable(),
  currency: z.string(),
  isActive: z.boolean(),
  taxRate: percent().nullable().meta({ description: "The plan's IVA rate; null: the club's default." }),
  exemptReason: z.string().nullable().meta({ description: "Why the plan is exempt from IVA; its rate is then 0.00." }),
  benefits: z.array(
    z
      .strictObject({ name: z.string(), description: z.string().nullable(), sortOrder: z.number().int() })
      .meta({ id: "PlanBenefit" }),
  ),
  activeSubscriptions: z.number().int(),
  createdAt: instant(),
  updatedAt: instant(),
  version: recordVersion(),
});
const planIsExact: SameShape<z.output<typeof planResponse>, JsonOf<Plan>> = true;
export const planPageResponse = pageOf(planResponse);

const memberStatus = z.enum(MEMBER_STATUSES);
const billingPeriod = z.enum(["monthly", "quarterly", "annual"]);

/** What a member's list row and their detail both say. */
const memberFields = {
  id: uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: memberStatus,
  joinedOn: calendarDate(),
};

/** A subscription term's plan, price and state: in a member's current subscription and in every term. */
const termFields = {
  billingPeriod,
  startedAt: instant(),
  endsAt: instant(),
  price: money(),
  currency: z.string(),
  autoRenew: z.boolean(),
  status: z.enum(["active", "expired", "canceled"]),
};

const memberListItemResponse = z.strictObject({
  ...memberFields,
  currentPlan: z
    .strictObject({ id: uuid(), name: z.string(), code: z.string() })
    .meta({ id: "PlanReference" })
    .nullable(),
  subscriptionEndsAt: instant().nullable(),
});
const memberItemIsExact: SameShape<z.output<typeof memberListItemResponse>, JsonOf<MemberListItem>> = true;
export const memberPageResponse = pageOf(memberListItemResponse);

export const memberResponse = z.strictObject({
  ...memberFields,
  birthDate: calendarDate().nullable(),
  notes: z.string().nullable(),
  language: z
    .enum(MAIL_LANGUAGES)
    .nullable()
    .meta({ description: "The language of the member's emails; null: the club's default language." }),
  taxId: z
    .string()
    .nullable()
    .meta({ description: "DNI, NIE or NIF for the member's invoices.", examples: ["12345678Z"] }),
  address: postalAddress.nullable().meta({ description: "Postal address for the member's invoices." }),
  photoFileId: uuid().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
  version: recordVersion(),
  currentSubscription: z
    .strictObject({
      id: uuid(),
      planId: uuid(),
      planName: z.string(),
      ...termFields,
    })
    .meta({ id: "CurrentSubscription", description: "The term in force now, if any." })
    .nullable(),
});
const memberIsExact: SameShape<z.output<typeof memberResponse>, JsonOf<MemberDetail>> = true;

export const memberStatisticsResponse = z.strictObject({
  // An object with every status, not z.record(): a record's JSON Schema requires keys it does not define.
  countsByStatus: z.strictObject(
    Object.fromEntries(MEMBER_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof MEMBER_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  total: z.number().int(),
  payingMembers: z
    .number()
    .int()
    .meta({ description: "Live members with a subscription term in force now, whatever their status." }),
  newThisMonth: z.number().int(),
  activeSubscriptionsByPlan: z.array(z.strictObject({ planId: uuid(), planName: z.string(), count: z.number().int() })),
  monthlyRecurringRevenue: money(),
  currency: z.string(),
});
const statisticsIsExact: SameShape<z.output<typeof memberStatisticsResponse>, MemberStatistics> = true;

export const subscriptionResponse = z.strictObject({
  id: uuid(),
  memberId: uuid(),
  planId: uuid(),
  planName: z.string(),
  planCode: z.string(),
  ...termFields,
  canceledAt: instant().nullable(),
  previousSubscriptionId: uuid().nullable(),
  prorationCredit: money().nullable(),
  createdAt: instant(),
});
const subscriptionIsExact: SameShape<z.output<typeof subscriptionResponse>, JsonOf<Subscription>> = true;
export const subscriptionPageResponse = pageOf(subscriptionResponse);

export const enrollmentResponse = z.strictObject({ member: memberResponse, subscription: subscriptionResponse });

export const planChangeQuoteResponse = z.strictObject({
  planId: uuid(),
  billingPeriod,
  price: money(),
  prorationCredit: money(),
  amountDue: money(),
  currency: z.string(),
});
const quoteIsExact: SameShape<z.output<typeof planChangeQuoteResponse>, PlanChangeQuote> = true;

export const mandateResponse = z.strictObject({
  id: uuid(),
  memberId: uuid(),
  iban: z.string().meta({
    description: "In full, capitals without spaces: staff with billing:read need it to talk to the member.",
    examples: ["ES9121000418450200051332"],
  }),
  bic: z.string().nullable(),
  reference: z
    .string()
    .meta({ description: "The mandate reference (AT-01), unique for the club.", examples: ["MNDT-00000042"] }),
  signedOn: calendarDate(),
  sequence: z.enum(["first", "recurring"]).meta({
    description: "`first` until a collection under it is confirmed (FRST in the bank file), then `recurring` (RCUR).",
  }),
  status: z.enum(["active", "revoked"]),
  pendingAmendment: z
    .strictObject({
      originalIban: z.string().meta({ description: "The account the bank last collected under before the amendment." }),
      originalBic: z.string().nullable(),
      amendedAt: instant(),
    })
    .nullable()
    .meta({
      id: "MandateAmendment",
      description:
        "The IBAN/BIC change the next remittance announces to the bank (AmdmntInd, AmdmntInfDtls) until a debit carrying it is collected; null: none.",
    }),
  revokedAt: instant().nullable(),
  createdAt: instant(),
});
const mandateIsExact: SameShape<z.output<typeof mandateResponse>, JsonOf<Mandate>> = true;
export const mandatePageResponse = pageOf(mandateResponse);

export const employeeResponse = z.strictObject({
  id: uuid(),
  userId: uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  holidayList: z.strictObject({ id: uuid(), name: z.string() }).meta({ id: "HolidayListReference" }).nullable(),
  startsOn: calendarDate().meta({
    description: "First day of employment on the club's calendar: no attendance record is written before it.",
  }),
  createdAt: instant(),
  updatedAt: instant(),
  version: recordVersion(),
});
const employeeIsExact: SameShape<z.output<typeof employeeResponse>, JsonOf<Employee>> = true;
export const employeePageResponse = pageOf(employeeResponse);

const holidayListFields = {
  id: uuid(),
  name: z.string(),
  weeklyOffDays: z
    .array(z.number().int().min(1).max(7))
    .meta({ description: "ISO weekdays, 1 = Monday … 7 = Sunday." }),
  isDefault: z.boolean().meta({ description: "The club's default list, for employees without a list of their own." }),
  entryCount: z.number().int(),
  employeeCount: z.number().int(),
  createdAt: instant(),
  updatedAt: instant(),
  version: recordVersion(),
};
const holidayListSummaryResponse = z.strictObject(holidayListFields);
const holidaySummaryIsExact: SameShape<z.output<typeof holidayListSummaryResponse>, JsonOf<HolidayListSummary>> = true;
export const holidayListPageResponse = pageOf(holidayListSummaryResponse);
export const holidayListResponse = z.strictObject({
  ...holidayListFields,
  entries: z.array(
    z.strictObject({ date: calendarDate(), description: z.string().nullable() }).meta({ id: "HolidayListEntry" }),
  ),
});
const holidayListIsExact: SameShape<z.output<typeof holidayListResponse>, JsonOf<HolidayList>> = true;

const inBothLanguages = z.strictObject({ en: z.string(), es: z.string() });
const holidayPresetResponse = z.strictObject({
  id: z.string().meta({ examples: ["es-md"] }),
  name: inBothLanguages,
  note: inBothLanguages.meta({ description: "What the preset leaves out, such as the town's local holidays." }),
  years: z.array(
    z.strictObject({
      year: z.number().int(),
      holidayCount: z.number().int(),
      verified: z.boolean().meta({ description: "Whether the dates were checked against the official bulletin." }),
      source: z.string().meta({ description: "The official publication the dates come from." }),
    }),
  ),
});
const holidayPresetIsExact: SameShape<z.output<typeof holidayPresetResponse>, HolidayPresetView> = true;
export const holidayPresetListResponse = z.strictObject({ items: z.array(holidayPresetResponse) });

export const shiftTypeResponse = z.strictObject({
  id: uuid(),
  name: z.string(),
  shiftStart: z.string().meta({ examples: ["09:00"] }),
  shiftEnd: z.string().meta({ examples: ["17:30"] }),
  lateEntryToleranceMinutes: z.number().int(),
  earlyExitToleranceMinutes: z.number().int(),
  overtimeAfterMinutes: z.number().int(),
  createdAt: instant(),
  version: recordVersion(),
});
const shiftTypeIsExact: SameShape<z.output<typeof shiftTypeResponse>, JsonOf<ShiftType>> = true;
export const shiftTypePageResponse = pageOf(shiftTypeResponse);

const openCheckIn = z.strictObject({ id: uuid(), occurredAt: instant() });

export const checkEventResponse = z.strictObject({
  id: uuid(),
  employeeId: uuid(),
  direction: z.enum(["in", "out"]),
  source: z.enum(CHECKIN_SOURCES),
  note: z.string().nullable(),
  occurredAt: instant(),
  recordedByUserId: uuid().nullable(),
});
const checkEventIsExact: SameShape<z.output<typeof checkEventResponse>, CheckEvent> = true;

export const clockOutResponse = checkEventResponse.extend({
  checkIn: openCheckIn.meta({ description: "The clock-in this closes." }),
});
const clockOutIsExact: SameShape<z.output<typeof clockOutResponse>, ClockOut> = true;

export const clockStateResponse = z.strictObject({
  employeeId: uuid(),
  clockedIn: z.boolean(),
  checkIn: openCheckIn.nullable(),
});
const clockStateIsExact: SameShape<z.output<typeof clockStateResponse>, ClockState> = true;

export const attendanceRecordResponse = z.strictObject({
  employeeId: uuid(),
  date: calendarDate(),
  status: z.enum(ATTENDANCE_STATUSES),
  checkInAt: instant().nullable(),
  checkOutAt: instant().nullable(),
  hoursWorked: z.number().meta({ description: "Decimal hours, 2 places." }),
  lateEntry: z.number().int().meta({ description: "Minutes." }),
  earlyExit: z.number().int().meta({ description: "Minutes." }),
  overtime: z.number().meta({ description: "Decimal hours, 2 places." }),
  isRegularized: z.boolean(),
  updatedAt: instant(),
});

export const attendancePageResponse = z.strictObject({
  items: z.array(attendanceRecordResponse),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass it back as `cursor` with the same filters; null on the last page." }),
});
const attendancePageIsExact: SameShape<z.output<typeof attendancePageResponse>, AttendancePage> = true;

const personName = { id: uuid(), firstName: z.string(), lastName: z.string() };
const employeeReference = z.strictObject({ ...personName, email: z.string(), userId: uuid() });
const personReference = z.strictObject(personName);
export const attendanceRequestResponse = z.strictObject({
  id: uuid(),
  employeeId: uuid(),
  employee: employeeReference,
  date: calendarDate(),
  checkIn: instant(),
  checkOut: instant(),
  reason: z.string(),
  status: z.enum(REQUEST_STATUSES),
  decidedBy: personReference.nullable(),
  decidedAt: instant().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: instant(),
});
const requestIsExact: SameShape<z.output<typeof attendanceRequestResponse>, AttendanceRequestView> = true;
export const attendanceRequestPageResponse = pageOf(attendanceRequestResponse);

export const invitationResponse = z.strictObject({
  sentTo: z.string().meta({ description: "The address the invitation was emailed to." }),
  expiresAt: instant().meta({ description: "When its link stops working (7 days after it was sent)." }),
});
const invitationIsExact: SameShape<z.output<typeof invitationResponse>, JsonOf<Invitation>> = true;

export const staffMemberResponse = z.strictObject({
  user: userResponse,
  employee: employeeResponse,
  invitation: invitationResponse,
});
const staffMemberIsExact: SameShape<z.output<typeof staffMemberResponse>, JsonOf<StaffMember>> = true;

export const jobListResponse = z.strictObject({
  items: z.array(
    z
      .strictObject({
        name: z.string(),
        description: z.string(),
        cron: z.string(),
        acceptsDate: z.boolean(),
        nextRunAt: instant().meta({
          description: "When the schedule next starts the job (the cron on the club's clock), as an instant.",
        }),
      })
      .meta({ id: "Job" }),
  ),
});
const jobsAreExact: SameShape<z.output<typeof jobListResponse>, { items: JobSummary[] }> = true;

export const jobRunResponse = z.strictObject({
  job: z.string(),
  status: z.literal("completed"),
  outcome: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
});

const invoiceFields = {
  id: uuid(),
  number: z.string().meta({ description: "Series, year and correlative number.", examples: ["F2026-000123"] }),
  series: z.string().meta({ description: "F: invoices; R: rectifying invoices.", examples: ["F"] }),
  kind: z.enum(["invoice", "rectifying", "substitution"]).meta({
    description:
      "`substitution`: a full invoice issued in place of a paid simplified one (F3); it owes nothing, its payments and tax stay on the simplified invoice.",
  }),
  rectifies: z
    .strictObject({ id: uuid(), number: z.string(), reason: z.string() })
    .meta({ id: "RectifiedInvoice" })
    .nullable()
    .meta({ description: "The invoice a rectifying invoice corrects, and why." }),
  issuedAt: instant(),
  issuedOn: calendarDate(),
  dueOn: calendarDate(),
  memberId: uuid(),
  subscriptionId: uuid().nullable(),
  customerName: z.string(),
  language: z.enum(MAIL_LANGUAGES),
  currency: z.string(),
  baseAmount: signedMoney(),
  taxAmount: signedMoney(),
  totalAmount: signedMoney(),
  paidAmount: money(),
  creditedAmount: money().meta({
    description: "What its rectifying invoices credited (0.00 on a rectifying invoice).",
  }),
  amountDue: money().meta({
    description:
      "Still owed: total minus paid minus credited (never below 0.00) while the status owes (open, partially paid, overdue, returned, pending collection), else 0.00.",
  }),
  refundDue: money().meta({
    description:
      "What the club owes the member back: paid plus credited minus total, never below 0.00 (an invoice paid and then credited); a refund gives it back. 0.00 on a rectifying invoice.",
  }),
  status: z.enum(INVOICE_STATUSES).meta({ description: "docs/billing.md, Statuses." }),
  statusChangedAt: instant(),
};

export const paymentResponse = z.strictObject({
  id: uuid(),
  invoiceId: uuid(),
  kind: z.enum(["payment", "refund"]),
  amount: money(),
  method: z.enum(PAYMENT_METHODS),
  paidOn: calendarDate(),
  reference: z.string().nullable(),
  recordedBy: uuid().nullable().meta({ description: "The staff user who recorded it." }),
  createdAt: instant(),
});

const invoiceSummaryResponse = z.strictObject(invoiceFields);
const invoiceSummaryIsExact: SameShape<z.output<typeof invoiceSummaryResponse>, JsonOf<InvoiceSummary>> = true;
export const invoicePageResponse = pageOf(invoiceSummaryResponse);

const invoiceReference = z
  .strictObject({ id: uuid(), number: z.string().meta({ examples: ["F2026-000012"] }) })
  .meta({ id: "InvoiceReference" });

export const invoiceResponse = z.strictObject({
  ...invoiceFields,
  issuer: z
    .strictObject({ legalName: z.string(), taxId: z.string(), address: postalAddress })
    .meta({ description: "The club's tax data as it was at issue." }),
  customer: z
    .strictObject({
      name: z.string(),
      taxId: z.string().nullable(),
      address: postalAddress.nullable(),
      email: z.string(),
    })
    .meta({ description: "The member's data as it was at issue." }),
  lines: z.array(
    z
      .strictObject({
        position: z.number().int(),
        description: z.string(),
        planId: uuid().nullable(),
        serviceFrom: calendarDate(),
        serviceTo: calendarDate(),
        baseAmount: signedMoney(),
        taxRate: percent(),
        taxAmount: signedMoney(),
        totalAmount: signedMoney(),
        exemptReason: z.string().nullable(),
        notSubjectReason: z.string().nullable().meta({
          description:
            "Why the line is outside IVA altogether (not subject, which is not exempt): a return fee is an indemnity, not the price of a service (Ley 37/1992 art. 78.Tres.1º). Its rate and tax are 0.",
        }),
      })
      .meta({ id: "InvoiceLine" }),
  ),
  taxBreakdown: z.array(
    z
      .strictObject({
        taxRate: percent(),
        exemptReason: z.string().nullable(),
        notSubjectReason: z.string().nullable(),
        baseAmount: signedMoney(),
        taxAmount: signedMoney(),
      })
      .meta({ id: "InvoiceTaxBreakdown" }),
  ),
  previousHash: z.string().nullable().meta({ description: "SHA-256 (hex) of the previous record in the chain." }),
  recordHash: z.string().meta({ description: "SHA-256 (hex) of this record's content and the previous hash." }),
  verifactu: z
    .strictObject({
      invoiceType: z.enum(["F1", "F2", "F3", "R1", "R2", "R3", "R4", "R5"]).meta({
        description:
          "The AEAT's invoice type: F1 full invoice, F2 simplified invoice (no customer NIF), F3 full invoice in place of a simplified one, R1 rectifying a full one, R5 rectifying a simplified one.",
      }),
      generatedAt: z.string().meta({
        description:
          "When the record was generated, in the club's time zone with its offset (FechaHoraHusoGenRegistro).",
        example: "2026-12-01T10:20:30+01:00",
      }),
      previousHuella: z
        .string()
        .nullable()
        .meta({ description: "The huella of the record before it in the club's chain; null on the first." }),
      huella: z.string().meta({
        description: "The record's huella as the AEAT specifies it: SHA-256 of its key fields, upper-case hex.",
      }),
      qrUrl: z.url().meta({ description: "What the invoice's tax QR code holds: the AEAT's check of this invoice." }),
      status: z.enum(["pending", "accepted", "accepted_with_errors", "rejected"]).meta({
        description:
          "Its sending to the AEAT: still to be sent (or sent again after a failure), accepted, accepted with errors, or rejected.",
      }),
      errorCode: z
        .number()
        .int()
        .nullable()
        .meta({ description: "The AEAT's error code when it accepted the record with errors or rejected it." }),
      error: z.string().nullable().meta({
        description: "The AEAT's words for that error; while pending, why the last attempt to send it failed.",
      }),
      csv: z
        .string()
        .nullable()
        .meta({ description: "The AEAT's secure verification code (CSV) of the submission that carried it." }),
      corrections: z.number().int().min(0).meta({
        description:
          "How many corrected records (subsanaciones, POST /api/invoices/{id}/verifactu-corrections) followed the invoice's first record. The fields above describe the last record sent, whose answer stands.",
      }),
    })
    .nullable()
    .meta({
      id: "VerifactuRecord",
      description:
        "Its VERI*FACTU registro de facturación (docs/billing.md, VERI*FACTU); null on an invoice issued before ClubOps kept them.",
    }),
  payments: z.array(paymentResponse).meta({ description: "Its payments and refunds, oldest first." }),
  rectifiedBy: z
    .array(
      z
        .strictObject({
          id: uuid(),
          number: z.string(),
          issuedOn: calendarDate(),
          totalAmount: signedMoney(),
          reason: z.string(),
        })
        .meta({ id: "RectifyingInvoiceReference" }),
    )
    .meta({ description: "The rectifying invoices that correct it, oldest first; empty for a rectifying invoice." }),
  replacedBy: invoiceReference.nullable().meta({
    description: "The invoice that reissued this term's invoice after it was credited in full; else null.",
  }),
  replaces: invoiceReference.nullable().meta({
    description: "The term's earlier invoice, credited in full, that this one reissues; else null.",
  }),
  substitutedBy: invoiceReference.nullable().meta({
    description:
      "The full invoice issued in place of this simplified one (POST /api/invoices/{id}/substitute); else null.",
  }),
  substitutes: invoiceReference.nullable().meta({
    description: "The simplified invoice this substitution replaces; else null.",
  }),
});
const invoiceIsExact: SameShape<z.output<typeof invoiceResponse>, JsonOf<InvoiceDetail>> = true;

export const chainVerificationResponse = z.strictObject({
  ok: z.boolean(),
  count: z.number().int().meta({ description: "Records verified (before the broken one, if any)." }),
  brokenLink: z
    .strictObject({
      invoiceId: uuid(),
      number: z.string(),
      position: z.number().int(),
      reason: z.enum(["content", "link", "order"]),
    })
    .optional()
    .meta({
      description:
        "The first record that does not verify: its content does not give its hash, its previous hash is not the record before it, or a position is missing.",
    }),
});
const chainVerificationIsExact: SameShape<z.output<typeof chainVerificationResponse>, JsonOf<ChainVerification>> = true;

// The checks above are types; these keep them from reading as unused values.
void [
  invoiceSummaryIsExact,
  invoiceIsExact,
  chainVerificationIsExact,
  setupStatusIsExact,
  platformIsExact,
  publicSettingsIsExact,
  profileIsExact,
  signInIsExact,
  settingsIsExact,
  ownLanguageIsExact,
  userIsExact,
  roleIsExact,
  planIsExact,
  memberItemIsExact,
  memberIsExact,
  statisticsIsExact,
  subscriptionIsExact,
  quoteIsExact,
  mandateIsExact,
  employeeIsExact,
  holidaySummaryIsExact,
  holidayListIsExact,
  holidayPresetIsExact,
  shiftTypeIsExact,
  checkEventIsExact,
  clockOutIsExact,
  clockStateIsExact,
  attendancePageIsExact,
  requestIsExact,
  jobsAreExact,
  invitationIsExact,
  staffMemberIsExact,
];

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [setupStatusResponse, "SetupStatus"],
  [platformSettingsResponse, "PlatformSettings"],
  [publicSettingsResponse, "PublicSettings"],
  [settingsResponse, "Settings"],
  [ownLanguageResponse, "OwnLanguage"],
  [messageResponse, "Message"],
  [loginResponse, "LoginResponse"],
  [profileResponse, "Profile"],
  [signInResponse, "SignIn"],
  [signInListResponse, "SignInList"],
  [userResponse, "User"],
  [roleResponse, "Role"],
  [planResponse, "Plan"],
  [memberListItemResponse, "MemberListItem"],
  [memberResponse, "Member"],
  [memberStatisticsResponse, "MemberStatistics"],
  [subscriptionResponse, "Subscription"],
  [enrollmentResponse, "Enrollment"],
  [planChangeQuoteResponse, "PlanChangeQuote"],
  [mandateResponse, "Mandate"],
  [employeeResponse, "Employee"],
  [holidayListSummaryResponse, "HolidayListSummary"],
  [holidayListResponse, "HolidayList"],
  [holidayPresetResponse, "HolidayPreset"],
  [holidayPresetListResponse, "HolidayPresetList"],
  [shiftTypeResponse, "ShiftType"],
  [openCheckIn, "OpenCheckIn"],
  [checkEventResponse, "ClockEvent"],
  [clockOutResponse, "ClockOut"],
  [clockStateResponse, "ClockState"],
  [attendanceRecordResponse, "AttendanceRecord"],
  [attendancePageResponse, "AttendancePage"],
  [employeeReference, "EmployeeReference"],
  [personReference, "PersonReference"],
  [attendanceRequestResponse, "CorrectionRequest"],
  [jobListResponse, "JobList"],
  [jobRunResponse, "JobRun"],
  [invitationResponse, "Invitation"],
  [staffMemberResponse, "StaffMember"],
  [invoiceSummaryResponse, "InvoiceSummary"],
  [invoiceResponse, "Invoice"],
  [chainVerificationResponse, "InvoiceChainVerification"],
]);
