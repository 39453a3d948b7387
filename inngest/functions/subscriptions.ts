import { checkExpiringSubscriptionsJob, expireSubscriptionsJob, processAutoRenewalsJob } from "@/lib/jobs/definitions";
import { jobFunction } from "./job-function";

/** Nightly: auto-renewing terms ending within 24 h get their next term and a confirmation email. */
export const processAutoRenewals = jobFunction(processAutoRenewalsJob, "renew-due-subscriptions");

/** Nightly, after renewals: terms past their end become expired. */
export const expireSubscriptions = jobFunction(expireSubscriptionsJob, "expire-ended-subscriptions");

/** Daily: one renewal reminder per term ending within 7 days. */
export const checkExpiringSubscriptions = jobFunction(checkExpiringSubscriptionsJob, "send-renewal-reminders");
