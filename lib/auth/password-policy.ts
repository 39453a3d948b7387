import type { Executor } from "@/lib/platform/db";
import { passwordPolicy } from "@/lib/platform/db/schema";

export type PasswordPolicy = Omit<typeof passwordPolicy.$inferSelect, "id" | "updatedAt">;

/** The defaults setup stores (the column defaults say the same). */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 12,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireSymbol: false,
  maxFailedAttempts: 5,
  lockoutMinutes: 15,
};

/** The stored policy; the defaults before setup has stored one. */
export async function getPasswordPolicy(executor: Executor): Promise<PasswordPolicy> {
  const [stored] = await executor.select().from(passwordPolicy).limit(1);
  return stored ?? DEFAULT_PASSWORD_POLICY;
}

const MAX_LENGTH = 128;

/** Every rule `password` breaks, as messages for the user; empty when it is acceptable. */
export function passwordPolicyViolations(
  policy: PasswordPolicy,
  password: string,
  personal: { email?: string; username?: string } = {},
): string[] {
  const violations: string[] = [];
  if (password.length < policy.minLength) violations.push(`Use at least ${policy.minLength} characters.`);
  if (password.length > MAX_LENGTH) violations.push(`Use at most ${MAX_LENGTH} characters.`);
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) violations.push("Include an uppercase letter.");
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) violations.push("Include a lowercase letter.");
  if (policy.requireDigit && !/\d/.test(password)) violations.push("Include a digit.");
  if (policy.requireSymbol && !/[^\p{L}\d]/u.test(password)) violations.push("Include a symbol.");
  const lowered = password.toLowerCase();
  const names = [personal.username, personal.email?.split("@")[0]].filter((name): name is string => (name?.length ?? 0) >= 3);
  if (names.some((name) => lowered.includes(name.toLowerCase()))) {
    violations.push("Do not include your username or email address.");
  }
  return violations;
}
