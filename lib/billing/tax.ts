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

/**
 * `exemptReason`: exempt (art. 20 Ley 37/1992, rate 0); `notSubjectReason`: outside IVA altogether (an indemnity such as
 * a return fee, art. 78.Tres.1º), which is not an exemption: the books and the VERI*FACTU record say N1, not E1.
 */
export type TaxedLine = TaxedAmount & {
  taxRateBasisPoints: number;
  exemptReason: string | null;
  notSubjectReason?: string | null;
};
export type TaxBreakdownRow = {
  taxRateBasisPoints: number;
  exemptReason: string | null;
  notSubjectReason?: string | null;
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
    const key = `${line.taxRateBasisPoints}|${line.exemptReason ?? ""}|${line.notSubjectReason ?? ""}`;
    const row = rows.get(key) ?? {
      taxRateBasisPoints: line.taxRateBasisPoints,
      exemptReason: line.exemptReason,
      ...(line.notSubjectReason && { notSubjectReason: line.notSubjectReason }),
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

/**
 * Splits `amountCents` over lines in proportion to their totals (a partial credit reduces every line alike), each share
 * rounded half up and the last line taking what rounding left, so the shares add up to the amount exactly.
 */
export function proportionalShares(amountCents: bigint, lineTotals: readonly bigint[]): bigint[] {
  const whole = lineTotals.reduce((sum, total) => sum + total, 0n);
  if (whole === 0n) throw new RangeError("cannot split an amount over lines that add up to nothing");
  const shares = lineTotals.map((total) => divideRoundingHalfUp(amountCents * total, whole));
  const rest = amountCents - shares.reduce((sum, share) => sum + share, 0n);
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0n) + rest;
  return shares;
}
