import {
  electronicFormatIBAN,
  extractIBAN,
  friendlyFormatIBAN,
  isSEPACountry,
  isValidBIC,
  isValidIBAN,
} from "ibantools";
import { isSepaText } from "./charset";

/**
 * The identifiers a SEPA direct debit carries: the debtor's IBAN and BIC, the creditor identifier (AT-02) and the
 * mandate reference (AT-01). IBAN and BIC rules (ISO 13616 checksum, each country's length and BBAN format, ISO 9362)
 * come from ibantools; the creditor identifier follows the EPC's "Creditor Identifier Overview" (EPC262-08).
 */

/** "es91 2100 0418 4502 0005 1332" → "ES9121000418450200051332": how IBANs are stored and compared. */
export function normaliseIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? "";
}

/** A valid IBAN (checksum, the country's length and format) of a country in the SEPA scheme, in any spacing or case. */
export function isSepaIban(iban: string): boolean {
  const normalised = normaliseIban(iban);
  return isValidIBAN(normalised) && isSEPACountry(normalised.slice(0, 2));
}

/**
 * SEPA countries outside the EEA (EPC409-09, list of countries of the SEPA schemes: the United Kingdom, Switzerland,
 * Monaco, San Marino, Andorra, Vatican City, Jersey, Guernsey, the Isle of Man, Saint Pierre and Miquelon). A debit
 * from an account there must carry the debtor's address (SDD Core rulebook, AT-09, since November 2019).
 */
const NON_EEA_SEPA_COUNTRIES = new Set(["GB", "CH", "MC", "SM", "AD", "VA", "JE", "GG", "IM", "PM"]);

/** Whether a debit from this account must carry the debtor's postal address. */
export function needsDebtorAddress(iban: string): boolean {
  return NON_EEA_SEPA_COUNTRIES.has(normaliseIban(iban).slice(0, 2));
}

type Account = { iban: string; bic?: string | null };

/**
 * Whether two accounts are at the same bank, as far as the creditor can tell: the same country and bank code in the IBAN
 * (ES: the first four digits of the BBAN, the entidad), and the same BIC (its first 8 characters) where both are known.
 * A country whose IBAN carries no bank code counts as another bank, which only costs the SMNDA code in the file.
 */
export function sameDebtorBank(original: Account, current: Account): boolean {
  const before = extractIBAN(normaliseIban(original.iban));
  const after = extractIBAN(normaliseIban(current.iban));
  if (!before.bankIdentifier || before.countryCode !== after.countryCode) return false;
  if (before.bankIdentifier !== after.bankIdentifier) return false;
  if (original.bic && current.bic)
    return normaliseBic(original.bic).slice(0, 8) === normaliseBic(current.bic).slice(0, 8);
  return true;
}

/** "ES9121000418450200051332" → "ES91 2100 0418 4502 0005 1332". */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(normaliseIban(iban)) ?? iban;
}

/** Only the country, check digits and last four characters shown: "ES91 **** **** **** **** 1332" (audit entries, emails). */
export function maskIban(iban: string): string {
  const groups = formatIban(iban).split(" ");
  return groups
    .map((group, index) => (index === 0 || index === groups.length - 1 ? group : "*".repeat(group.length)))
    .join(" ");
}

export function normaliseBic(bic: string): string {
  return bic.replace(/\s+/g, "").toUpperCase();
}

/** An 8 or 11 character BIC (ISO 9362) with a known country. */
export function isValidBicCode(bic: string): boolean {
  const normalised = normaliseBic(bic);
  return /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(normalised) && isValidBIC(normalised);
}

/** Letters count as 10 (A) to 35 (Z), digits as themselves (ISO 7064 MOD 97-10, as in IBANs). */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const character of alphanumeric) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/** The two check digits of a creditor identifier: over the national id, then the country code and "00" (the business code is left out). */
function creditorCheckDigits(country: string, nationalId: string): string {
  return String(98 - mod97(`${nationalId}${country}00`)).padStart(2, "0");
}

const CREDITOR_IDENTIFIER = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/;
/** Spain's national part is the creditor's NIF: 9 characters (EPC262-08, Spain). */
const SPANISH_NIF_SHAPE = /^[A-Z0-9]{9}$/;

/** "es 98 zzz 09999999999" → "ES98ZZZ09999999999". */
export function normaliseCreditorIdentifier(identifier: string): string {
  return identifier.replace(/\s+/g, "").toUpperCase();
}

/** A SEPA creditor identifier: country, check digits, 3-character business code, national id; a Spanish one carries a NIF. */
export function isValidCreditorIdentifier(identifier: string): boolean {
  const parts = CREDITOR_IDENTIFIER.exec(normaliseCreditorIdentifier(identifier));
  if (!parts) return false;
  const [, country = "", checkDigits, , nationalId = ""] = parts;
  if (country === "ES" && !SPANISH_NIF_SHAPE.test(nationalId)) return false;
  return creditorCheckDigits(country, nationalId) === checkDigits;
}

/**
 * A Spanish club's creditor identifier from its NIF: "ES" + check digits + business code + NIF. Spanish banks assign
 * "000" unless the club asks for more than one identifier (one per line of business); "ZZZ" is the EPC's neutral code.
 */
export function spanishCreditorIdentifier(nif: string, businessCode = "000"): string {
  const nationalId = normaliseCreditorIdentifier(nif);
  return `ES${creditorCheckDigits("ES", nationalId)}${normaliseCreditorIdentifier(businessCode)}${nationalId}`;
}

/**
 * A mandate reference (AT-01): 1–35 characters of the SEPA set; like every SEPA reference it neither starts nor ends
 * with "/" nor holds "//" (the EPC implementation guidelines, character set), and it has no spaces, so that typing it
 * back never misses.
 */
export function isValidMandateReference(reference: string): boolean {
  return (
    reference.length >= 1 &&
    reference.length <= 35 &&
    isSepaText(reference) &&
    !reference.includes(" ") &&
    !reference.startsWith("/") &&
    !reference.endsWith("/") &&
    !reference.includes("//")
  );
}
