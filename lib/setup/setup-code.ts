import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";
import type { Platform } from "@/lib/platform/container";
import type { Executor } from "@/lib/platform/db";
import { logger } from "@/lib/platform/logger";
import type { BusinessError } from "@/lib/platform/result";
import { getSetupStatus } from "@/lib/settings/setup-status";
import { SetupErrors } from "./errors";

/** The request header that carries the code (docs/api.md, Setup). */
export const SETUP_CODE_HEADER = "Setup-Code";

/** Crockford's base32: no I, L, O or U to misread; 32 letters, so a byte's low five bits pick one without bias. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Three groups of five: 75 bits, far beyond guessing at the setup rate limit. */
const GROUPS = 3;
const GROUP_LENGTH = 5;

/**
 * The first-run setup code: SETUP_CODE when the operator chose one, else derived from AUTH_SECRET, so every instance
 * of the installation prints the same and nothing is stored. Whoever opens a freshly started server in a browser
 * before its operator cannot set it up (issue 28): the setup POSTs require it, and the server prints it at start.
 */
export async function setupCode(config: Config): Promise<string> {
  if (config.SETUP_CODE) return config.SETUP_CODE;
  const digest = createHmac("sha256", (await authKeys(config)).setupCode)
    .update("first-run setup")
    .digest();
  const letters = [...digest.subarray(0, GROUPS * GROUP_LENGTH)].map((byte) => ALPHABET[byte & 31]).join("");
  return Array.from({ length: GROUPS }, (_, group) =>
    letters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH),
  ).join("-");
}

/** As typed or pasted: case, spaces and dashes do not matter. */
const normalised = (code: string) => Buffer.from(code.toUpperCase().replace(/[\s-]/g, ""), "utf8");

/** Whether `presented` is the setup code, compared in constant time. */
export async function isSetupCode(config: Config, presented: string | null): Promise<boolean> {
  if (!presented) return false;
  const expected = normalised(await setupCode(config));
  const given = normalised(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What both setup POSTs refuse first, in their transaction: once set up, spec 4.2's 409 whatever the code (the status
 * is public anyway, GET /api/setup/status); before, a missing or wrong code.
 */
export async function setupRefusal(
  executor: Executor,
  config: Config,
  presentedCode: string | null,
): Promise<BusinessError | null> {
  if ((await getSetupStatus(executor)) === "complete") return SetupErrors.alreadyCompleted;
  if (!(await isSetupCode(config, presentedCode))) return SetupErrors.codeRequired;
  return null;
}

/**
 * At start (instrumentation.ts), while the club is not set up: tells the operator where to go and the code to enter,
 * at warn so a quieter LOG_LEVEL still shows it. The link carries the code for the wizard to fill in.
 */
export async function announceSetupCode(platform: Platform): Promise<void> {
  const status = await getSetupStatus(platform.database.db).catch((error: unknown) => {
    logger.warn({ err: error }, "could not read whether the club is set up; the setup code is not printed");
    return "complete" as const;
  });
  if (status === "complete") return;
  const config = platform.config;
  const code = config.SETUP_CODE ? null : await setupCode(config);
  const setupUrl = new URL("/setup", config.APP_URL);
  if (code) setupUrl.searchParams.set("code", code);
  logger.warn(
    { setupUrl: setupUrl.toString() },
    code
      ? `ClubOps is not set up yet: open ${setupUrl} (or /setup and enter the setup code ${code})`
      : `ClubOps is not set up yet: open ${setupUrl} and enter the setup code set in SETUP_CODE`,
  );
}
