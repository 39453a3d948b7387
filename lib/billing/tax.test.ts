import { describe, expect, it } from "vitest";
import { prorate } from "@/lib/platform/money";
import { divideRoundingHalfUp, invoiceTotals, proportionalShares, splitInclusiveTotal, taxBreakdown } from "./tax";

const line = (totalCents: bigint, rate: number, exemptReason: string | null = null) => ({
  ...splitInclusiveTotal(totalCents, rate),
  taxRateBasisPoints: rate,
  exemptReason,
});

describe("IVA on IVA-inclusive prices", () => {
  it("splits 49.90 at 21 % into 41.24 + 8.66", () => {
    // 4990 × 10000 ÷ 12100 = 4123.966… → 4124
    expect(splitInclusiveTotal(4990n, 2100)).toEqual({ baseCents: 4124n, taxCents: 866n, totalCents: 4990n });
  });

  it("rounds exactly half a cent up", () => {
    // 121 × 10000 ÷ 12100 = 100 exactly; 1.05 at 5 %: 105 × 10000 ÷ 10500 = 100; 0.03 at 50 %: 2 exactly
    expect(divideRoundingHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundingHalfUp(-5n, 2n)).toBe(-3n);
    expect(splitInclusiveTotal(121n, 2100).baseCents).toBe(100n);
    // 1 cent at 21 %: 0.826… → 1 base, 0 tax; 2 cents: 1.65… → 2, 0 tax; 6 cents: 4.958… → 5 + 1
    expect(splitInclusiveTotal(1n, 2100)).toEqual({ baseCents: 1n, taxCents: 0n, totalCents: 1n });
    expect(splitInclusiveTotal(2n, 2100)).toEqual({ baseCents: 2n, taxCents: 0n, totalCents: 2n });
    expect(splitInclusiveTotal(6n, 2100)).toEqual({ baseCents: 5n, taxCents: 1n, totalCents: 6n });
  });

  it("leaves exempt lines all base", () => {
    expect(splitInclusiveTotal(3000n, 0)).toEqual({ baseCents: 3000n, taxCents: 0n, totalCents: 3000n });
  });

  it("credits exactly the negative of a charge", () => {
    for (const cents of [1n, 2n, 6n, 4990n, 58_900n, 12_345n]) {
      const charge = splitInclusiveTotal(cents, 2100);
      const credit = splitInclusiveTotal(-cents, 2100);
      expect(credit).toEqual({ baseCents: -charge.baseCents, taxCents: -charge.taxCents, totalCents: -cents });
    }
  });

  it("always adds base and tax up to the total, for every cent amount up to 200.00 at the Spanish rates", () => {
    for (const rate of [2100, 1000, 400, 0]) {
      for (let cents = -20_000n; cents <= 20_000n; cents += 1n) {
        const { baseCents, taxCents } = splitInclusiveTotal(cents, rate);
        expect(baseCents + taxCents).toBe(cents);
      }
    }
  });

  it("gives the tax of base × rate whenever a base can, else 1 cent off, within the AEAT's check 1142", () => {
    // Validation 1142 of the AEAT (docs/billing.md, Rounding): CuotaRepercutida = base × TipoImpositivo ± 1 % of the
    // base. Of an IVA-inclusive price, the nearest base leaves the tax off by less than 1 cent; it is exact whenever any
    // base would be, and for about r / (1 + r) of the prices (17 % at 21 %) no base is.
    const roundedTax = (base: bigint, rate: number) => divideRoundingHalfUp(base * BigInt(rate), 10_000n);
    for (const [rate, offShare] of [
      [2100, 0.17],
      [1000, 0.09],
      [400, 0.04],
    ] as const) {
      let off = 0;
      const refused: bigint[] = [];
      for (let cents = 1n; cents <= 200_000n; cents += 1n) {
        const { baseCents, taxCents } = splitInclusiveTotal(cents, rate);
        const exact = roundedTax(baseCents, rate);
        if (taxCents === exact) continue;
        const reachable = [baseCents - 1n, baseCents + 1n].some((base) => base + roundedTax(base, rate) === cents);
        const tolerance = baseCents / 100n;
        if (
          reachable ||
          (taxCents - exact) ** 2n > 1n ||
          (baseCents >= 100n && (taxCents - exact) ** 2n > tolerance ** 2n)
        )
          refused.push(cents);
        off += 1;
      }
      expect(refused).toEqual([]);
      expect(off / 200_000).toBeCloseTo(offShare, 2);
    }
  });

  it("refuses a rate outside 0–100 %", () => {
    expect(() => splitInclusiveTotal(100n, -1)).toThrow(RangeError);
    expect(() => splitInclusiveTotal(100n, 10_001)).toThrow(RangeError);
    expect(() => splitInclusiveTotal(100n, 21.5)).toThrow(RangeError);
  });
});

describe("a plan change's invoice", () => {
  it("charges the new price and credits the prorated old one, each line rounded on its own", () => {
    // Gold 49.90 → Platinum 89.00 after 11 of 30 days: credit 49.90 × 19 ÷ 30 = 31.603… → 31.60
    const credit = prorate(4990n, 19n, 30n);
    expect(credit).toBe(3160n);
    const lines = [line(8900n, 2100), line(-credit, 2100)];
    expect(lines[0]).toMatchObject({ baseCents: 7355n, taxCents: 1545n }); // 7355.37…
    expect(lines[1]).toMatchObject({ baseCents: -2612n, taxCents: -548n }); // 2611.57…
    expect(invoiceTotals(lines)).toEqual({ baseCents: 4743n, taxCents: 997n, totalCents: 5740n });
    expect(taxBreakdown(lines)).toEqual([
      { taxRateBasisPoints: 2100, exemptReason: null, baseCents: 4743n, taxCents: 997n },
    ]);
  });

  it("breaks the tax down per rate and exemption, highest rate first", () => {
    const exempt = "Exento, art. 20.1.13º LIVA";
    const lines = [line(3000n, 0, exempt), line(4990n, 2100), line(-1000n, 2100), line(1050n, 1000)];
    expect(taxBreakdown(lines)).toEqual([
      { taxRateBasisPoints: 2100, exemptReason: null, baseCents: 4124n - 826n, taxCents: 866n - 174n },
      { taxRateBasisPoints: 1000, exemptReason: null, baseCents: 955n, taxCents: 95n },
      { taxRateBasisPoints: 0, exemptReason: exempt, baseCents: 3000n, taxCents: 0n },
    ]);
    const totals = invoiceTotals(lines);
    expect(totals.totalCents).toBe(8040n);
    expect(totals.baseCents + totals.taxCents).toBe(totals.totalCents);
  });

  it("keeps a line outside IVA (a return fee) apart from an exempt one and from 0 %", () => {
    const exempt = "Exento, art. 20.1.13º LIVA";
    const notSubject = "indemnización (art. 78.Tres.1º Ley 37/1992)";
    const lines = [line(3000n, 0, exempt), { ...line(300n, 0), notSubjectReason: notSubject }, line(500n, 0)];
    expect(taxBreakdown(lines)).toEqual([
      { taxRateBasisPoints: 0, exemptReason: exempt, baseCents: 3000n, taxCents: 0n },
      { taxRateBasisPoints: 0, exemptReason: null, notSubjectReason: notSubject, baseCents: 300n, taxCents: 0n },
      { taxRateBasisPoints: 0, exemptReason: null, baseCents: 500n, taxCents: 0n },
    ]);
  });
});

describe("a partial credit over an invoice's lines", () => {
  it("reduces each line in proportion, adding up to the amount exactly", () => {
    expect(proportionalShares(1000n, [4990n])).toEqual([1000n]);
    // 56.81 = 89.00 − 32.19; crediting 10.00: 15.666… → 15.67 and −5.666… → −5.67
    expect(proportionalShares(1000n, [8900n, -3219n])).toEqual([1567n, -567n]);
    // Three equal lines, 1.00: 0.33 + 0.33 + 0.34
    expect(proportionalShares(100n, [1000n, 1000n, 1000n])).toEqual([33n, 33n, 34n]);
    // The whole amount gives back every line.
    expect(proportionalShares(5681n, [8900n, -3219n])).toEqual([8900n, -3219n]);
  });
});
