import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { sampleAltaDraft } from "@/tests/support/verifactu";
import { xmllint } from "@/tests/support/xmllint";
import { altaHuella } from "./huella";
import { invoiceTypeOf, registroAlta } from "./record";

const SCHEMA = path.join(import.meta.dirname, "xsd", "SuministroInformacion.xsd");
const parse = (xml: string) => new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(xml).RegistroAlta;

const draft = sampleAltaDraft;

describe("a registro de alta", () => {
  it("validates against the AEAT's schema: a full invoice (F1) naming its customer, first of its chain", async () => {
    const record = registroAlta(draft());
    expect(await xmllint(record.xml, SCHEMA)).toEqual({ valid: true, output: expect.stringContaining("validates") });
    const parsed = parse(record.xml);
    expect(parsed.IDFactura).toEqual({
      IDEmisorFactura: "G28029643",
      NumSerieFactura: "F2026-000001",
      FechaExpedicionFactura: "01-12-2026",
    });
    expect(parsed.TipoFactura).toBe("F1");
    expect(parsed.Destinatarios.IDDestinatario).toEqual({ NombreRazon: "Lucía Núñez Ibáñez", NIF: "12345678Z" });
    expect(parsed.Desglose.DetalleDesglose).toEqual({
      Impuesto: "01",
      ClaveRegimen: "01",
      CalificacionOperacion: "S1",
      TipoImpositivo: "21.00",
      BaseImponibleOimporteNoSujeto: "41.24",
      CuotaRepercutida: "8.66",
    });
    expect([parsed.CuotaTotal, parsed.ImporteTotal]).toEqual(["8.66", "49.90"]);
    expect(parsed.Encadenamiento).toEqual({ PrimerRegistro: "S" });
    expect(parsed.SistemaInformatico).toMatchObject({
      NombreSistemaInformatico: "ClubOps",
      IdSistemaInformatico: "CO",
    });
    expect(parsed.Huella).toBe(record.huella);
    expect(record.huella).toBe(
      altaHuella({
        IDEmisorFactura: "G28029643",
        NumSerieFactura: "F2026-000001",
        FechaExpedicionFactura: "01-12-2026",
        TipoFactura: "F1",
        CuotaTotal: "8.66",
        ImporteTotal: "49.90",
        Huella: "",
        FechaHoraHusoGenRegistro: "2026-12-01T10:20:30+01:00",
      }),
    );
  });

  it("validates as a simplified invoice (F2) without recipient, chained to the record before it", async () => {
    const previous = {
      issuerTaxId: "G28029643",
      number: "F2026-000001",
      issuedOn: "2026-12-01",
      huella: "A".repeat(64),
    };
    const record = registroAlta(draft({ type: "F2", recipient: null, previous }));
    expect(await xmllint(record.xml, SCHEMA)).toMatchObject({ valid: true });
    const parsed = parse(record.xml);
    expect(parsed.Destinatarios).toBeUndefined();
    expect(parsed.Encadenamiento.RegistroAnterior).toEqual({
      IDEmisorFactura: "G28029643",
      NumSerieFactura: "F2026-000001",
      FechaExpedicionFactura: "01-12-2026",
      Huella: "A".repeat(64),
    });
    expect(record.fields.Huella).toBe("A".repeat(64));
  });

  it("validates as a correction (Subsanacion S) with its RechazoPrevio, where the schema puts them; a first record says neither", async () => {
    expect(parse(registroAlta(draft()).xml)).not.toHaveProperty("Subsanacion");
    for (const correction of ["X", "S", "N"] as const) {
      const record = registroAlta(draft({ correction }));
      expect(await xmllint(record.xml, SCHEMA)).toMatchObject({ valid: true });
      expect(parse(record.xml)).toMatchObject({ Subsanacion: "S", RechazoPrevio: correction });
      // Between the issuer's name and the invoice type (RegistroFacturacionAltaType's sequence).
      expect(record.xml).toMatch(
        /<\/sf:NombreRazonEmisor><sf:Subsanacion>S<\/sf:Subsanacion><sf:RechazoPrevio>[XSN]<\/sf:RechazoPrevio><sf:TipoFactura>/,
      );
      // The huella covers the same fields as the first record's: a correction is told by its time.
      expect(record.huella).toBe(registroAlta(draft()).huella);
    }
  });

  it("validates with an exempt line (E1, art. 20 LIVA) beside a 21 % one, and a rectifying invoice by differences", async () => {
    const record = registroAlta(
      draft({
        invoice: { issuerTaxId: "G28029643", number: "R2026-000001", issuedOn: "2026-12-15" },
        type: "R1",
        rectified: { issuerTaxId: "G28029643", number: "F2026-000001", issuedOn: "2026-12-01" },
        breakdown: [
          { taxRateBasisPoints: 2100, exemptReason: null, baseCents: -826n, taxCents: -174n },
          { taxRateBasisPoints: 0, exemptReason: "Exento, art. 20.1.13º LIVA", baseCents: -3000n, taxCents: 0n },
        ],
        taxCents: -174n,
        totalCents: -4000n,
      }),
    );
    expect(await xmllint(record.xml, SCHEMA)).toMatchObject({ valid: true });
    const parsed = parse(record.xml);
    expect(parsed.TipoRectificativa).toBe("I");
    expect(parsed.FacturasRectificadas.IDFacturaRectificada.NumSerieFactura).toBe("F2026-000001");
    expect(parsed.Desglose.DetalleDesglose[1]).toEqual({
      Impuesto: "01",
      ClaveRegimen: "01",
      OperacionExenta: "E1",
      BaseImponibleOimporteNoSujeto: "-30.00",
    });
    expect([parsed.CuotaTotal, parsed.ImporteTotal]).toEqual(["-1.74", "-40.00"]);
  });

  it("validates a line outside IVA (a return fee) as not subject, N1, with no rate and no tax, beside a taxed one", async () => {
    const notSubject = "indemnización, no contraprestación de un servicio (art. 78.Tres.1º Ley 37/1992)";
    const record = registroAlta(
      draft({
        breakdown: [
          { taxRateBasisPoints: 2100, exemptReason: null, baseCents: 4124n, taxCents: 866n },
          { taxRateBasisPoints: 0, exemptReason: null, notSubjectReason: notSubject, baseCents: 300n, taxCents: 0n },
        ],
        taxCents: 866n,
        totalCents: 5290n,
      }),
    );
    expect(await xmllint(record.xml, SCHEMA)).toMatchObject({ valid: true });
    const parsed = parse(record.xml);
    expect(parsed.Desglose.DetalleDesglose[1]).toEqual({
      Impuesto: "01",
      ClaveRegimen: "01",
      CalificacionOperacion: "N1",
      BaseImponibleOimporteNoSujeto: "3.00",
    });
    expect([parsed.CuotaTotal, parsed.ImporteTotal]).toEqual(["8.66", "52.90"]);
  });

  it("escapes markup in names and cuts texts to the schema's lengths", async () => {
    const record = registroAlta(
      draft({
        issuerName: `Fútbol & Pádel <Club> "Los Ñ" ${"x".repeat(200)}`,
        description: "Cuota ".repeat(100),
        recipient: { name: "O'Brien & Hijos", taxId: "12345678Z" },
      }),
    );
    expect(await xmllint(record.xml, SCHEMA)).toMatchObject({ valid: true });
    expect(record.xml).toContain("<sf:NombreRazonEmisor>Fútbol &amp; Pádel &lt;Club&gt; &quot;Los Ñ&quot; x");
    const parsed = parse(record.xml);
    expect(parsed.NombreRazonEmisor).toMatch(/^Fútbol & Pádel <Club> "Los Ñ" x+$/);
    expect([...parsed.NombreRazonEmisor]).toHaveLength(120);
    expect(parsed.Destinatarios.IDDestinatario.NombreRazon).toBe("O'Brien & Hijos");
    expect([...parsed.DescripcionOperacion]).toHaveLength(500);
  });
});

describe("the schema check", () => {
  it("refuses what the AEAT would refuse, so its passes mean something: a ten-character NIF", async () => {
    const record = registroAlta(
      draft({ invoice: { issuerTaxId: "G280296430", number: "F2026-1", issuedOn: "2026-12-01" } }),
    );
    expect(await xmllint(record.xml, SCHEMA)).toEqual({
      valid: false,
      output: expect.stringContaining("IDEmisorFactura"),
    });
  });
});

describe("the invoice type", () => {
  it.each([
    ["invoice", "12345678Z", null, "F1"],
    ["invoice", null, null, "F2"],
    ["rectifying", null, "F1", "R1"],
    ["rectifying", "12345678Z", "F2", "R5"],
    ["rectifying", null, "R1", "R1"],
    ["rectifying", "12345678Z", null, "R1"],
    ["rectifying", null, null, "R5"],
  ] as const)("a %s for a customer with tax id %s correcting a %s is %s", (kind, taxId, rectified, expected) => {
    expect(invoiceTypeOf(kind, taxId, rectified)).toBe(expected);
  });
});
