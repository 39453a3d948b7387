import type { LoggerInstance } from "next-auth";
import { logger } from "@/lib/platform/logger";

/** next-auth's error codes that a request's own input causes, not the server (a forged callbackUrl). */
const CALLER_ERRORS: ReadonlySet<string> = new Set(["INVALID_CALLBACK_URL_ERROR"]);

/** next-auth's log, in the service's: a caller's bad input is a warning, since an error would page someone per probe. */
export const nextAuthLogger: Partial<LoggerInstance> = {
  error: (code, metadata) =>
    CALLER_ERRORS.has(code)
      ? logger.warn({ code }, "next-auth refused a request")
      : logger.error({ code, metadata }, "next-auth error"),
  warn: (code) => logger.warn({ code }, "next-auth warning"),
  debug: () => undefined,
};
