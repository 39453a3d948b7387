import type { Executor } from "@/lib/platform/db";
import { passwordPolicy } from "@/lib/platform/db/schema";
import { guessabilityProblems } from "./password-strength";

export type PasswordPolicy = Omit<typeof passwordPolicy.$inferSelect, "id" | "updatedAt">;

/**
 * The defaults setup stores (the column defaults say the same). NIST SP 800-63B: a minimum length and a check
 * against guessable passwords; no composition rules, which make passwords harder to remember, not to guess.
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 12,
  requireUppercase: false,
  requireLowercase: false,
  requireDigit: false,
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

/** Who the password is for and where: words an attacker who knows the account tries first. */
export type PasswordContext = {
  owner?: { email?: string; username?: string; firstName?: string; lastName?: string };
  clubName?: string;
};

const withoutAccents = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
/** Lower case, no accents, letters and digits only: "Ana.García" and "anagarcia" compare equal. */
const folded = (text: string) => withoutAccents(text).replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Each value whole (3+ characters: a username, a first name) and each of its words of 4+ characters (a surname of
 * two, the words of a domain or a club's name); shorter words would forbid too many innocent passwords.
 */
function wordsOf(values: readonly (string | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    if (folded(value).length >= 3) words.add(folded(value));
    for (const word of withoutAccents(value).split(/[^\p{L}\p{N}]+/u)) if (word.length >= 4) words.add(word);
  }
  return [...words];
}

function personalWords(owner: NonNullable<PasswordContext["owner"]>): string[] {
  const [localPart, domain] = owner.email?.split("@") ?? [];
  return wordsOf([owner.username, localPart, domain, owner.firstName, owner.lastName]);
}

/**
 * Every rule `password` breaks, as messages that say why; empty when it is acceptable. NIST SP 800-63B: at least
 * the policy's length, none of the account's or the club's names, and not guessable (common passwords, dictionary
 * words, keyboard patterns: lib/auth/password-strength.ts). The composition rules apply only if switched on.
 */
export async function passwordPolicyViolations(
  policy: PasswordPolicy,
  password: string,
  context: PasswordContext = {},
): Promise<string[]> {
  const violations: string[] = [];
  if (password.length < policy.minLength) violations.push(`Use at least ${policy.minLength} characters.`);
  if (password.length > MAX_LENGTH) violations.push(`Use at most ${MAX_LENGTH} characters.`);
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) violations.push("Include an uppercase letter.");
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) violations.push("Include a lowercase letter.");
  if (policy.requireDigit && !/\d/.test(password)) violations.push("Include a digit.");
  if (policy.requireSymbol && !/[^\p{L}\d]/u.test(password)) violations.push("Include a symbol.");

  const personal = context.owner ? personalWords(context.owner) : [];
  const club = wordsOf([context.clubName]);
  const comparable = folded(password);
  const containsAny = (words: readonly string[]) => words.some((word) => comparable.includes(word));
  const namesUsed = [
    containsAny(personal) ? "Do not include your name, username or email address." : null,
    containsAny(club) ? "Do not include the club's name." : null,
  ].filter((message) => message !== null);
  // A password holding those names is refused for that already; the estimate would only say so less plainly.
  if (namesUsed.length > 0) return [...violations, ...namesUsed];
  return [...violations, ...(await guessabilityProblems(password, [...personal, ...club]))];
}
