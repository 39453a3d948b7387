import { processDailyAttendance } from "./attendance";
import { prunePasswordThrottles } from "./auth";
import { deliverMail } from "./deliver-mail";
import { expireTempFiles } from "./files";
import { forwardAuditLog } from "./forward-audit-log";
import { checkExpiringSubscriptions, expireSubscriptions, processAutoRenewals } from "./subscriptions";

/** Every Inngest function the app serves; one per recurring job in lib/jobs/definitions.ts. */
export const functions = [forwardAuditLog, deliverMail, processAutoRenewals, expireSubscriptions, checkExpiringSubscriptions, processDailyAttendance, expireTempFiles, prunePasswordThrottles];
