import { z } from "zod";
import { documentedAs } from "@/lib/platform/http/shapes";

/**
 * A money amount as the API speaks it: a decimal string with at most two places ("29.90"). JSON numbers are
 * accepted too and read through their shortest decimal form, which is exactly what the client wrote, so no
 * floating-point arithmetic ever touches an amount; PostgreSQL numeric does the sums.
 */
const AMOUNT_SENT = /^\d{1,10}(\.\d{1,2})?$/;

/** How the API writes an amount: numeric(12,2) as text, always two places ("-12.50" for a credit). */
export const AMOUNT_ANSWERED = /^-?\d+\.\d{2}$/;

export const moneyField = documentedAs(
  z
    .union([z.string().trim(), z.number().finite()])
    .transform((value) => (typeof value === "number" ? String(value) : value))
    .pipe(
      z
        .string()
        .regex(AMOUNT_SENT, "Use a non-negative amount with at most two decimals, e.g. 29.90.")
        .transform((amount) => normaliseAmount(amount)),
    ),
  // The contract is the decimal string; a JSON number is tolerated, not promised (clients generated from the
  // document send strings, and no float ever carries an amount).
  {
    type: "string",
    pattern: AMOUNT_SENT.source,
    description: "A non-negative amount: a decimal string with at most two places.",
    examples: ["29.90"],
  },
);

/** "29.9" → "29.90", "0030" → "30.00": the form numeric(12,2) answers with. */
function normaliseAmount(amount: string): string {
  const [units = "0", cents = ""] = amount.split(".");
  return `${BigInt(units).toString()}.${cents.padEnd(2, "0")}`;
}

/** "29.90" → 2990n: sums and ratios of money are done on integer cents. */
export function toCents(amount: string): bigint {
  const [units = "0", cents = ""] = normaliseAmount(amount).split(".");
  return BigInt(units) * 100n + BigInt(cents);
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}`;
}

/** `cents × numerator ÷ denominator`, rounded half up to a whole cent. */
export function prorate(cents: bigint, numerator: bigint, denominator: bigint): bigint {
  return (cents * numerator * 2n + denominator) / (denominator * 2n);
}
