import { describe, expect, it } from "vitest";
import { renderEmail } from "../render";
import { invoiceIssuedTemplate } from "./invoice-issued";

const rectifying = (language: "en" | "es", total: string) => ({
  ...invoiceIssuedTemplate.sample(language),
  kind: "rectifying",
  number: "R2026-000004",
  total,
  rectifies: {
    number: "F2026-000123",
    reason: language === "es" ? "Baja antes del periodo" : "Left before the period",
  },
  attachmentName: "R2026-000004.pdf",
});

async function rendered(props: unknown) {
  const result = await renderEmail("invoice-issued", props);
  if (!result.ok) throw new Error(result.error.message);
  return { ...result.value, html: result.value.html.replaceAll("<!-- -->", "") };
}

describe("invoice-issued email", () => {
  it("words a rectifying invoice as a correction, naming the invoice it corrects, why, and the credit", async () => {
    const es = await rendered(rectifying("es", "-49.90"));
    expect(es.subject).toBe("Factura rectificativa R2026-000004 de Sunrise Tennis Club");
    for (const value of [
      "Hemos rectificado su factura",
      "que corrige su factura F2026-000123",
      "Baja antes del periodo",
      "Importe a su favor",
      "49,90\u00a0€",
      "R2026-000004.pdf",
    ]) {
      expect(es.html).toContain(value);
    }
    expect(es.html).not.toContain("-49,90");
    expect(es.html).not.toContain("Fecha de vencimiento");

    const en = await rendered(rectifying("en", "-49.90"));
    expect(en.subject).toBe("Rectifying invoice R2026-000004 from Sunrise Tennis Club");
    expect(en.html).toContain("Amount credited to you");
    expect(en.html).toContain("€49.90");
  });

  it("shows a rectifying invoice that charges more as an amount, not a credit", async () => {
    const en = await rendered(rectifying("en", "10.00"));
    expect(en.html).toContain("Amount");
    expect(en.html).not.toContain("credited");
  });

  it("refuses props without an invoice number of the series' form", async () => {
    const result = await renderEmail("invoice-issued", { ...invoiceIssuedTemplate.sample("en"), number: "123" });
    expect(result.ok).toBe(false);
  });
});
