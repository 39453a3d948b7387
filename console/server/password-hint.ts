import "server-only";

import { getFormatter, getTranslations } from "next-intl/server";
import type { PasswordPolicy } from "@/lib/auth/password-policy";

/**
 * The stored password policy in a few words in the reader's language, shown beside new-password fields
 * (lib/auth/password-policy.ts). The English-only console/password-hint.ts says the same for pages not yet translated.
 */
export async function getPasswordHint(policy: PasswordPolicy): Promise<string> {
  const [t, format] = await Promise.all([getTranslations("staff.passwordHint"), getFormatter()]);
  const kinds = [
    policy.requireUppercase && t("uppercase"),
    policy.requireLowercase && t("lowercase"),
    policy.requireDigit && t("digit"),
    policy.requireSymbol && t("symbol"),
  ].filter((kind): kind is string => typeof kind === "string");
  const length = t("length", { minLength: policy.minLength });
  const mix = kinds.length > 0 ? t("mix", { kinds: format.list(kinds, { type: "conjunction" }) }) : "";
  return `${length}${mix}${t("rest")}`;
}
