import { describe, expect, it } from "vitest";
import { planChangePrice, priceFor, prorationCredit } from "./pricing";

const plan = { monthlyPrice: "30.00", quarterlyPrice: "80.00", annualPrice: null };

describe("priceFor", () => {
  it("uses the plan's price for the period, else the monthly price times its months", () => {
    expect(priceFor(plan, "monthly")).toBe("30.00");
    expect(priceFor(plan, "quarterly")).toBe("80.00");
    expect(priceFor(plan, "annual")).toBe("360.00");
    expect(priceFor({ monthlyPrice: "19.99", quarterlyPrice: null, annualPrice: null }, "quarterly")).toBe("59.97");
  });
});

describe("prorationCredit", () => {
  const term = {
    price: "31.00",
    startedAt: new Date("2026-01-01T09:00:00Z"),
    endsAt: new Date("2026-02-01T09:00:00Z"),
  };
  const MADRID = "Europe/Madrid";

  it("credits the unused calendar days of the old price", () => {
    // 31-day term, changed on Jan 11: 21 unused days → 31.00 × 21 / 31 = 21.00.
    expect(prorationCredit(term, new Date("2026-01-11T15:00:00Z"), MADRID)).toBe("21.00");
  });

  it("rounds half up to the cent", () => {
    const odd = { ...term, price: "10.00" };
    // 10.00 × 10 / 31 = 3.2258… → 3.23
    expect(prorationCredit(odd, new Date("2026-01-22T10:00:00Z"), MADRID)).toBe("3.23");
  });

  it("credits the whole price on the first day and nothing at the end", () => {
    expect(prorationCredit(term, new Date("2026-01-01T10:00:00Z"), MADRID)).toBe("31.00");
    expect(prorationCredit(term, new Date("2026-02-01T10:00:00Z"), MADRID)).toBe("0.00");
    expect(prorationCredit(term, new Date("2026-03-01T10:00:00Z"), MADRID)).toBe("0.00");
  });

  it("counts February of a leap year as 29 days", () => {
    const leap = {
      price: "29.00",
      startedAt: new Date("2028-02-01T09:00:00Z"),
      endsAt: new Date("2028-03-01T09:00:00Z"),
    };
    expect(prorationCredit(leap, new Date("2028-02-20T09:00:00Z"), MADRID)).toBe("10.00");
  });
});

describe("planChangePrice", () => {
  const term = {
    price: "31.00",
    startedAt: new Date("2026-01-01T09:00:00Z"),
    endsAt: new Date("2026-02-01T09:00:00Z"),
  };
  const changedAt = new Date("2026-01-11T15:00:00Z");
  const proration = { enabled: true, timeZone: "Europe/Madrid" };

  it("charges the new price less the credit for the unused days", () => {
    expect(planChangePrice(term, "50.00", changedAt, proration)).toEqual({
      price: "50.00",
      prorationCredit: "21.00",
      amountDue: "29.00",
    });
  });

  it("never charges below zero", () => {
    expect(planChangePrice(term, "10.00", changedAt, proration).amountDue).toBe("0.00");
  });

  it("credits nothing, and stores no credit, with proration off", () => {
    expect(planChangePrice(term, "50.00", changedAt, { ...proration, enabled: false })).toEqual({
      price: "50.00",
      prorationCredit: null,
      amountDue: "50.00",
    });
  });
});
