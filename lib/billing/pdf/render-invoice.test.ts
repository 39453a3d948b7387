import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { invoiceDocument, invoiceLine } from "@/tests/support/invoice-document";
import { readQrFromPdf } from "@/tests/support/pdf-qr";
import { renderInvoicePdf } from "./render-invoice";

/** The PDF's text as a reader (or a screen reader) gets it, one string per page, with spaces made plain. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, " "));
}

const allText = async (pdf: Uint8Array) => (await pagesOf(pdf)).join(" ");

describe("invoice PDF", () => {
  it("shows a Spanish invoice with everything art. 6 RD 1619/2012 asks for, in Spain's formats", async () => {
    const pdf = await renderInvoicePdf(invoiceDocument());

    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
    const text = await allText(pdf);
    for (const expected of [
      "Factura",
      "Número de factura F2026-000123",
      "Serie F",
      "Fecha de expedición 27/11/2026",
      "Fecha de vencimiento 07/12/2026",
      "Club Deportivo Sunrise, S.L.",
      "NIF: B12345674",
      "Calle de Alcalá 42",
      "28014 Madrid",
      "España",
      "María José Núñez Peña",
      "NIF: 12345678Z",
      "Avenida de España 7, 3º B",
      "41001 Sevilla",
      "Oro, anual",
      "Periodo del servicio: del 01/12/2026 al 31/12/2026",
      "Operación exenta de IVA: Exento, art. 20.1.13º LIVA",
      "Total factura 1.259,50 €",
      "Huella del registro (SHA-256): 9f2c4e1a7b3d5f60812a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d",
      "Página 1 de 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("rectificativa");
    // The line of 1.234,50 € at 21 %: base 1.020,25 €, tax 214,25 € (base rounded half up, tax what is left).
    expect(text).toContain("1.020,25 € 21 % 214,25 € 1.234,50 €");
    // The breakdown: one row per rate, the exempt fee apart, and the totals.
    expect(text).toContain("DESGLOSE DEL IVA");
    expect(text).toContain("21 % 1.020,25 € 214,25 €");
    expect(text).toContain("Exento 25,00 € 0,00 €");
    expect(text).toContain("Total base imponible 1.045,25 €");
    expect(text).toContain("Total cuota IVA 214,25 €");
  });

  it("puts the tax QR code first, at the top left of page 1, 35 mm wide, and it reads back as the AEAT's URL", async () => {
    const document = invoiceDocument();
    const pdf = await renderInvoicePdf(document);
    const qr = await readQrFromPdf(pdf);
    expect(qr?.text).toBe(document.qrUrl);
    // jsQR's corners are the finder patterns' outer corners: the code itself, without its quiet zone.
    expect(qr?.width).toBeGreaterThan(34);
    expect(qr?.width).toBeLessThan(36);
    expect(qr?.left).toBeLessThan(25);
    expect(qr?.top).toBeLessThan(30);
    const [first = ""] = await pagesOf(pdf);
    expect(first.indexOf("QR tributario:")).toBe(first.search(/\S/));
  });

  it("says VERI*FACTU under the QR code only when its record was sent to the AEAT", async () => {
    const [sent = ""] = await pagesOf(await renderInvoicePdf(invoiceDocument()));
    expect(sent).toMatch(/^QR tributario: VERI\*FACTU /);
    const [kept = ""] = await pagesOf(await renderInvoicePdf(invoiceDocument({ verifactu: false })));
    expect(kept).toMatch(/^QR tributario: /);
    expect(kept).not.toContain("VERI*FACTU");
  });

  it("has no QR code on an invoice issued before ClubOps kept VERI*FACTU records", async () => {
    const pdf = await renderInvoicePdf(invoiceDocument({ qrUrl: null }));
    expect(await readQrFromPdf(pdf)).toBeNull();
    expect(await allText(pdf)).not.toContain("QR tributario");
  });

  it("titles an invoice to a customer without NIF a simplified invoice (art. 7 RD 1619/2012), in either language", async () => {
    const customer = { ...invoiceDocument().customer, taxId: null };
    const spanish = await allText(await renderInvoicePdf(invoiceDocument({ simplified: true, customer })));
    expect(spanish).toContain("Factura simplificada Número de factura F2026-000123");
    const english = await allText(
      await renderInvoicePdf(invoiceDocument({ simplified: true, language: "en", customer })),
    );
    expect(english).toContain("Simplified invoice");
    expect(await allText(await renderInvoicePdf(invoiceDocument()))).not.toContain("simplificada");
  });

  it("writes an English invoice in British formats", async () => {
    const text = await allText(await renderInvoicePdf(invoiceDocument({ language: "en" })));

    for (const expected of [
      "Invoice number F2026-000123",
      "Issue date 27/11/2026",
      "Due date 07/12/2026",
      "Tax ID (NIF): B12345674",
      "Tax ID (NIF): 12345678Z",
      "Spain",
      "Service period: 01/12/2026 to 31/12/2026",
      "€1,020.25 21% €214.25 €1,234.50",
      "VAT BREAKDOWN",
      "Invoice total €1,259.50",
      "Record fingerprint (SHA-256): 9f2c4e1a",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("calls a rectifying invoice so and names the invoice it corrects and why", async () => {
    const rectifying = invoiceDocument({
      number: "R2026-000004",
      kind: "rectifying",
      rectifies: { number: "F2026-000123", issuedOn: "2026-11-27", reason: "Baja del socio antes del periodo" },
      lines: [invoiceLine("Abono: Oro, anual", -123_450, 2100)],
    });

    const text = await allText(await renderInvoicePdf(rectifying));

    expect(text).toContain("Factura rectificativa");
    expect(text).toContain("Número de factura R2026-000004");
    expect(text).toContain("Serie R");
    expect(text).toContain("Rectifica la factura F2026-000123 expedida el 27/11/2026");
    expect(text).toContain("Motivo de la rectificación: Baja del socio antes del periodo");
    expect(text).toContain("Total factura -1.234,50 €");
    expect(text).toContain("21 % -1.020,25 € -214,25 €");

    const english = await allText(await renderInvoicePdf({ ...rectifying, language: "en" }));
    expect(english).toContain("Rectifying invoice");
    expect(english).toContain("Corrects invoice F2026-000123 issued on 27/11/2026");
  });

  it("titles a substitution an invoice and names the simplified invoice it replaces", async () => {
    const substitution = invoiceDocument({
      number: "F2026-000130",
      kind: "substitution",
      substitutes: { number: "F2026-000123", issuedOn: "2026-11-27" },
    });

    const text = await allText(await renderInvoicePdf(substitution));

    expect(text).toContain("Factura");
    expect(text).not.toContain("Factura simplificada");
    expect(text).toContain("Emitida en sustitución de la factura simplificada F2026-000123 de 27/11/2026");
    expect(text).toContain("NIF: 12345678Z");
    const english = await allText(await renderInvoicePdf({ ...substitution, language: "en" }));
    expect(english).toContain("Issued in place of simplified invoice F2026-000123 of 27/11/2026");
  });

  it("wraps a long name and address and carries 20 lines onto further pages, numbered", async () => {
    const long = "Asociación Cultural, Recreativa y Deportiva de Antiguos Alumnos del Colegio Nuestra Señora";
    const lines = Array.from({ length: 20 }, (_, index) =>
      invoiceLine(
        `Línea ${index + 1}: ${"clases particulares de pádel con monitor titulado, ".repeat(2)}`,
        4_990,
        2100,
      ),
    );
    const document = invoiceDocument({
      customer: {
        name: `${long} ${long}`,
        taxId: "X1234567L",
        address: {
          line: `Urbanización ${long}, bloque 12, escalera izquierda, planta 4ª, puerta 2`,
          postalCode: "07001",
          city: "Palma",
          province: "Illes Balears",
          country: "ES",
        },
        email: "socio@example.com",
      },
      lines,
    });

    const pages = await pagesOf(await renderInvoicePdf(document));

    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join(" ");
    expect(text).toContain("NIF: X1234567L");
    expect(text).toContain("Illes Balears");
    for (let index = 1; index <= 20; index += 1) expect(text).toContain(`Línea ${index}:`);
    expect(text).toContain("Total factura 998,00 €");
    expect(pages.at(-1)).toContain(`Página ${pages.length} de ${pages.length}`);
    expect(pages.at(-1)).toContain("Huella del registro");
    expect(pages[0]).not.toContain("Huella del registro");
  });

  it("writes a character its fonts lack without its accent rather than as a wrong glyph", async () => {
    const document = invoiceDocument();
    const text = await allText(
      await renderInvoicePdf({ ...document, customer: { ...document.customer, name: "Zdeněk Dvořák" } }),
    );
    expect(text).toContain("Zdenek Dvorák");
  });
});
