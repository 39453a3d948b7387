import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { type BusinessError, fail, type Result } from "@/lib/platform/result";
import { UserErrors } from "./errors";

const UNIQUE_ERRORS: Record<string, BusinessError> = {
  users_email_key: UserErrors.duplicateEmail,
  users_username_key: UserErrors.duplicateUsername,
};

/** Email and username clashes (the unique indexes decide, whatever ran in parallel) become 409s; anything else stays unexpected. */
export async function uniqueAccount<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    const known = UNIQUE_ERRORS[violatedUniqueConstraint(error) ?? ""];
    if (known) return fail(known);
    throw error;
  }
}
