import "server-only";

import { getFormatter, getTranslations } from "next-intl/server";
import type { PasswordPolicy } from "@/lib/auth/password-policy";

/**
 * The stored password policy in a few words in the reader's language, shown beside a new-password field: its length,
 * the kinds of character it asks for (a list in the language's own way) and what makes a password guessable.
 */
export async function passwordHintWords(policy: PasswordPolicy): Promise<string> {
  const [t, format] = await Promise.all([getTranslations("auth.passwordHint"), getFormatter()]);
  const kinds = [
    policy.requireUppercase && t("kinds.uppercase"),
    policy.requireLowercase && t("kinds.lowercase"),
    policy.requireDigit && t("kinds.digit"),
    policy.requireSymbol && t("kinds.symbol"),
  ].filter((kind): kind is string => typeof kind === "string");
  return kinds.length > 0
    ? t("withKinds", { minLength: policy.minLength, kinds: format.list(kinds, { type: "conjunction" }) })
    : t("plain", { minLength: policy.minLength });
}
