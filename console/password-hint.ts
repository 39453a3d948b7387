import type { PasswordPolicy } from "@/lib/auth/password-policy";

/** The stored password policy in a few words, shown beside every new-password field (lib/auth/password-policy.ts). */
export function passwordHint(policy: PasswordPolicy): string {
  const kinds = [
    policy.requireUppercase && "an uppercase letter",
    policy.requireLowercase && "a lowercase letter",
    policy.requireDigit && "a digit",
    policy.requireSymbol && "a symbol",
  ].filter((kind): kind is string => typeof kind === "string");
  const mix = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}` : kinds[0];
  return (
    `At least ${policy.minLength} characters${mix ? `, with ${mix}` : ""}, hard to guess: not a common password, keyboard pattern or ` +
    "lone word, and not your name, username, email address or the club's name. A few unrelated words make a good one."
  );
}
