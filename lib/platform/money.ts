import { z } from "zod";

/**
 * A money amount as the API speaks it: a decimal string with at most two places ("29.90"). JSON numbers are
 * accepted too and read through their shortest decimal form, which is exactly what the client wrote, so no
 * floating-point arithmetic ever touches an amount; PostgreSQL numeric does the sums.
 */
export const moneyField = z
  .union([z.string().trim(), z.number().finite()])
  .transform((value) => (typeof value === "number" ? String(value) : value))
  .pipe(
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "Use a non-negative amount with at most two decimals, e.g. 29.90.")
      .transform((amount) => normaliseAmount(amount)),
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
