import { classifyAttendanceDay, previousClubDay } from "@/lib/attendance/daily-classification";
import { forwardAuditOutbox } from "@/lib/audit/forwarder";
import { pruneThrottles } from "@/lib/auth/password-throttle";
import { purgeExpiredSignUps } from "@/lib/auth/registration";
import { notifyDebits } from "@/lib/billing/collections/debit-notices";
import { processDunning } from "@/lib/billing/dunning/job";
import { deliverIssuedInvoices } from "@/lib/billing/invoice-delivery";
import { invoicePdfRepository } from "@/lib/billing/invoice-pdfs";
import { submitPendingRecords } from "@/lib/billing/verifactu/submission";
import { expireTempFiles, storeGeneratedFile } from "@/lib/files/service";
import { pruneExpiredKeys } from "@/lib/idempotency/store";
import { deliverPendingMail } from "@/lib/mail/delivery";
import { clubLetter } from "@/lib/mail/recipient-language";
import { createAeatService } from "@/lib/platform/aeat";
import type { Platform } from "@/lib/platform/container";
import { readClubSettings } from "@/lib/settings/club-settings";
import {
  expireSubscriptions,
  processAutoRenewals,
  sendRenewalNotices,
  sendRenewalReminders,
} from "@/lib/subscriptions/jobs";

export type JobArgs = { date?: string };
export type JobOutcome = Record<string, number | string | boolean>;

export type JobDefinition = {
  /** Inngest function id, lock key and `npm run job -- <name>` name. */
  name: string;
  description: string;
  /** Cron expression honoured by both Inngest and the embedded scheduler, on the club's wall clock (its stored time zone). */
  cron: string;
  /** The name of the one retryable step its Inngest function runs, as Inngest's run history shows it. */
  stepName: string;
  /** Longest a run may hold its lock; a crashed instance releases it after this. */
  lockSeconds: number;
  /** Whether `args.date` picks the day to process (a backfill), rather than being ignored. */
  acceptsDate?: boolean;
  run(platform: Platform, args: JobArgs): Promise<JobOutcome>;
};

const forwardAuditLogJob: JobDefinition = {
  name: "forward-audit-log",
  description: "Moves audit entries from the PostgreSQL outbox to ClickHouse audit_logs.",
  cron: "* * * * *",
  stepName: "forward-outbox-batches",
  lockSeconds: 300,
  run: async (platform) => forwardAuditOutbox(platform),
};

const deliverMailJob: JobDefinition = {
  name: "deliver-mail",
  description: "Renders and sends due mail from the PostgreSQL outbox, retrying failures with backoff.",
  cron: "* * * * *",
  stepName: "deliver-due-mail",
  lockSeconds: 300,
  run: async (platform) => deliverPendingMail(platform),
};

/**
 * Every few minutes, so a new member's invoice reaches them shortly after they enrol. The composition is here: billing
 * cannot import the files module (docs/billing.md, "The invoice's PDF and its email"), so it gets storeGeneratedFile injected.
 */
const deliverInvoicesJob: JobDefinition = {
  name: "deliver-invoices",
  description: "Stores each issued invoice's PDF in club-documents and emails it to the member, attached.",
  cron: "*/5 * * * *",
  stepName: "deliver-issued-invoices",
  lockSeconds: 900,
  run: async (platform) => {
    const db = platform.database.db;
    const { clubName, timeZone } = await clubLetter(db, platform.config);
    return deliverIssuedInvoices({
      db,
      invoices: invoicePdfRepository,
      storeDocument: (file, work) => storeGeneratedFile({ db, storage: platform.storage }, file, work),
      club: { clubName, timeZone },
    });
  },
};

/**
 * Every minute, so the AEAT has each invoice's record within minutes of its issue; the AEAT's own wait between
 * submissions (usually 60 s) is kept by the job itself. Without a certificate it sends nothing.
 */
const submitVerifactuRecordsJob: JobDefinition = {
  name: "submit-verifactu-records",
  description:
    "Sends new VERI*FACTU invoice records to the AEAT and stores its verdict on each; records it could not send are sent again later.",
  cron: "* * * * *",
  stepName: "send-records-to-aeat",
  lockSeconds: 900,
  run: async (platform) =>
    submitPendingRecords({
      db: platform.database.db,
      aeat: createAeatService(platform.config),
      now: () => new Date(),
    }),
};

/** Dunning runs in the club's morning, after the night's renewals, so reminders arrive at a decent hour. */
const processDunningJob: JobDefinition = {
  name: "process-dunning",
  description:
    "Marks unpaid invoices past due as overdue, queues payment reminders, suspends late payers and reactivates those who paid.",
  cron: "0 8 * * *",
  stepName: "chase-overdue-invoices",
  lockSeconds: 1800,
  run: async (platform) => {
    const db = platform.database.db;
    return processDunning({ db, club: await clubLetter(db, platform.config) });
  },
};

/**
 * In the club's morning, after the night's renewals have issued their invoices: each debtor hears of a new debit the day
 * it becomes collectable, so the remittance for its due date may collect it (docs/billing.md, Pre-notification).
 */
const notifyDebitsJob: JobDefinition = {
  name: "notify-debits",
  description:
    "Emails each member who pays by direct debit the invoices, amounts, collection date, mandate reference and creditor identifier of their next debits, at least the pre-notification period ahead (EPC SDD Core rulebook); remittances collect only notified debits.",
  cron: "30 7 * * *",
  stepName: "notify-coming-debits",
  lockSeconds: 1800,
  run: async (platform) => {
    const db = platform.database.db;
    return notifyDebits({ db, club: await clubLetter(db, platform.config) });
  },
};

/** Subscription jobs run in the club's night (spec 1 names them ProcessAutoRenewalsJob and CheckExpiringSubscriptionsJob). */
const processAutoRenewalsJob: JobDefinition = {
  name: "process-auto-renewals",
  description: "Renews auto-renewing subscriptions that end within 24 hours and sends renewal confirmations.",
  cron: "0 2 * * *",
  stepName: "renew-due-subscriptions",
  lockSeconds: 1800,
  run: async (platform) => processAutoRenewals(platform),
};

const expireSubscriptionsJob: JobDefinition = {
  name: "expire-subscriptions",
  description: "Marks subscriptions whose end passed without renewal as expired, and their members.",
  // Hourly, so a member whose last term ran out shows expired within the hour (docs/api.md, "Member statuses").
  cron: "30 * * * *",
  stepName: "expire-ended-subscriptions",
  lockSeconds: 1800,
  run: async (platform) => expireSubscriptions(platform),
};

const checkExpiringSubscriptionsJob: JobDefinition = {
  name: "check-expiring-subscriptions",
  description: "Sends one renewal reminder per subscription term ending within 7 days.",
  cron: "0 9 * * *",
  stepName: "send-renewal-reminders",
  lockSeconds: 1800,
  run: async (platform) => sendRenewalReminders(platform),
};

/** Before the renewal reminders, in the club's morning: the notice goes 15 to 16 days ahead of each automatic renewal. */
const sendRenewalNoticesJob: JobDefinition = {
  name: "send-renewal-notices",
  description:
    "Tells each member whose subscription renews automatically within 16 days the date, the price (then locked) and how to cancel (Ley 10/2025).",
  cron: "0 9 * * *",
  stepName: "send-renewal-notices",
  lockSeconds: 1800,
  run: async (platform) => sendRenewalNotices(platform),
};

/** Spec 3.3 and 8: at 03:00 on the club's clock (Europe/Madrid by default), yesterday's attendance of every active employee; `--date` re-runs another day. */
export const processDailyAttendanceJob: JobDefinition = {
  name: "process-daily-attendance",
  description: "Classifies the previous day's attendance of every active employee (Present, Absent, Weekend, …).",
  cron: "0 3 * * *",
  stepName: "classify-previous-day",
  lockSeconds: 1800,
  acceptsDate: true,
  run: async (platform, args) => {
    const { timeZone } = await readClubSettings(platform.database.db, platform.config);
    return classifyAttendanceDay(platform.database.db, {
      date: args.date ?? previousClubDay(new Date(), timeZone),
      timeZone,
    });
  },
};

/** club-temp files live 24 hours; hourly, so none outlives that by much more than an hour. */
export const expireTempFilesJob: JobDefinition = {
  name: "expire-temp-files",
  description: "Deletes club-temp files older than 24 hours: their objects, then their rows.",
  cron: "0 * * * *",
  stepName: "delete-expired-temp-files",
  lockSeconds: 900,
  run: async (platform) => expireTempFiles({ db: platform.database.db, storage: platform.storage }),
};

/** Throttle counts and known sign-in addresses are kept only while they matter (docs/api.md, Login throttling). */
const prunePasswordThrottlesJob: JobDefinition = {
  name: "prune-password-throttles",
  description: "Forgets password-guess counts idle for a day and sign-in addresses unused for 180 days.",
  cron: "15 * * * *",
  stepName: "delete-idle-throttles",
  lockSeconds: 300,
  run: async (platform) => pruneThrottles(platform.database.db),
};

/** Idempotency-Key answers are replayed for 24 hours (docs/api.md, Idempotency); hourly, so rows outlive that by an hour at most. */
export const pruneIdempotencyKeysJob: JobDefinition = {
  name: "prune-idempotency-keys",
  description: "Deletes Idempotency-Key answers older than 24 hours.",
  cron: "45 * * * *",
  stepName: "delete-expired-idempotency-keys",
  lockSeconds: 300,
  run: async (platform) => pruneExpiredKeys(platform.database.db),
};

/** A sign-up's link lives a day; hourly, so an unconfirmed account outlives it by an hour at most (docs/api.md, Sign-up). */
const purgeUnconfirmedSignUpsJob: JobDefinition = {
  name: "purge-unconfirmed-sign-ups",
  description: "Deletes self-made accounts whose email address was not confirmed before the link expired.",
  cron: "30 * * * *",
  stepName: "delete-expired-sign-ups",
  lockSeconds: 300,
  run: async (platform) => purgeExpiredSignUps(platform.database.db),
};

/** Every recurring job. Job bodies live in lib services; this table only schedules them. */
export const JOBS: readonly JobDefinition[] = [
  forwardAuditLogJob,
  deliverMailJob,
  deliverInvoicesJob,
  submitVerifactuRecordsJob,
  processDunningJob,
  notifyDebitsJob,
  processAutoRenewalsJob,
  expireSubscriptionsJob,
  checkExpiringSubscriptionsJob,
  sendRenewalNoticesJob,
  processDailyAttendanceJob,
  expireTempFilesJob,
  prunePasswordThrottlesJob,
  pruneIdempotencyKeysJob,
  purgeUnconfirmedSignUpsJob,
];

export function findJob(name: string): JobDefinition | undefined {
  return JOBS.find((job) => job.name === name);
}

/** A job's schedule in Inngest's form, `TZ=<club zone> <cron>`: the one both schedulers and the job list show. */
export const scheduleOf = (job: JobDefinition, timeZone: string): string => `TZ=${timeZone} ${job.cron}`;
