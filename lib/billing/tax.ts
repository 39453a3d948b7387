/**
 * IVA on prices that include it (Spanish consumer prices are final prices): a line's total is what the member pays,
 * its base is total × 10000 ÷ (10000 + rate) rounded half up to the cent, and its tax is the rest, so base + tax is
 * always exactly the total. Rates are basis points (2100 = 21 %). docs/billing.md, Rounding, has a worked example.
 */
export type TaxedAmount = { baseCents: bigint; taxCents: bigint; totalCents: bigint };

const BASIS = 10_000n;

/**
 * numerator ÷ denominator rounded half up on the magnitude (half away from zero), so a credit of an amount is exactly
 * the negative of a charge of it.
 */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** Splits an IVA-inclusive total (negative on credits) into base and tax at `rateBasisPoints`. */
export function splitInclusiveTotal(totalCents: bigint, rateBasisPoints: number): TaxedAmount {
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000)
    throw new RangeError(`tax rate ${rateBasisPoints} is not 0 to 10000 basis points`);
  const baseCents = divideRoundingHalfUp(totalCents * BASIS, BASIS + BigInt(rateBasisPoints));
  return { baseCents, taxCents: totalCents - baseCents, totalCents };
}

export type TaxedLine = TaxedAmount & { taxRateBasisPoints: number; exemptReason: string | null };
export type TaxBreakdownRow = {
  taxRateBasisPoints: number;
  exemptReason: string | null;
  baseCents: bigint;
  taxCents: bigint;
};

/**
 * The invoice's tax breakdown: one row per rate (and per exemption reason), its lines' bases and taxes summed, in
 * descending rate order. The lines are rounded each on its own, so the breakdown adds up to the invoice's totals.
 */
export function taxBreakdown(lines: readonly TaxedLine[]): TaxBreakdownRow[] {
  const rows = new Map<string, TaxBreakdownRow>();
  for (const line of lines) {
    const key = `${line.taxRateBasisPoints}|${line.exemptReason ?? ""}`;
    const row = rows.get(key) ?? {
      taxRateBasisPoints: line.taxRateBasisPoints,
      exemptReason: line.exemptReason,
      baseCents: 0n,
      taxCents: 0n,
    };
    row.baseCents += line.baseCents;
    row.taxCents += line.taxCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.taxRateBasisPoints - a.taxRateBasisPoints);
}

/** The invoice's totals: the sums of its lines. */
export function invoiceTotals(lines: readonly TaxedAmount[]): TaxedAmount {
  return lines.reduce(
    (sum, line) => ({
      baseCents: sum.baseCents + line.baseCents,
      taxCents: sum.taxCents + line.taxCents,
      totalCents: sum.totalCents + line.totalCents,
    }),
    { baseCents: 0n, taxCents: 0n, totalCents: 0n },
  );
}
