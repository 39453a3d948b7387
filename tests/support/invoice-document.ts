import type { InvoiceDocument, InvoiceDocumentLine } from "@/lib/billing/invoice-document";

/** A line whose total is what the member pays, split as billing does: base = round half up(total × 10000 / (10000 + rate)). */
export function invoiceLine(
  description: string,
  totalCents: number,
  taxRateBasisPoints: number,
  exemptReason: string | null = null,
  period: [string, string] = ["2026-12-01", "2026-12-31"],
): InvoiceDocumentLine {
  const total = BigInt(totalCents);
  const divisor = BigInt(10_000 + taxRateBasisPoints);
  const magnitude = ((total < 0n ? -total : total) * 20_000n + divisor) / (divisor * 2n);
  const baseCents = Number(total < 0n ? -magnitude : magnitude);
  return {
    description,
    serviceFrom: period[0],
    serviceTo: period[1],
    baseCents,
    taxRateBasisPoints,
    taxCents: totalCents - baseCents,
    totalCents,
    exemptReason,
    notSubjectReason: null,
  };
}

/** Sums the lines per rate and exemption, and in all, as an issued invoice carries them. */
function withTotals(document: Omit<InvoiceDocument, "taxBreakdown" | "baseCents" | "taxCents" | "totalCents">) {
  const rows = new Map<string, InvoiceDocument["taxBreakdown"][number]>();
  for (const line of document.lines) {
    const key = `${line.taxRateBasisPoints}|${line.exemptReason ?? ""}|${line.notSubjectReason ?? ""}`;
    const row = rows.get(key) ?? {
      taxRateBasisPoints: line.taxRateBasisPoints,
      exemptReason: line.exemptReason,
      notSubjectReason: line.notSubjectReason,
      baseCents: 0,
      taxCents: 0,
    };
    rows.set(key, { ...row, baseCents: row.baseCents + line.baseCents, taxCents: row.taxCents + line.taxCents });
  }
  const sum = (pick: (line: InvoiceDocumentLine) => number) => document.lines.reduce((s, l) => s + pick(l), 0);
  return {
    ...document,
    taxBreakdown: [...rows.values()],
    baseCents: sum((line) => line.baseCents),
    taxCents: sum((line) => line.taxCents),
    totalCents: sum((line) => line.totalCents),
  };
}

/** An issued invoice of a Spanish club to a member, in Spanish unless overridden: 1.234,50 € at 21 % and an exempt fee. */
export function invoiceDocument(
  overrides: Partial<Omit<InvoiceDocument, "taxBreakdown" | "baseCents" | "taxCents" | "totalCents">> = {},
): InvoiceDocument {
  return withTotals({
    id: "0b9f4a8e-6a57-4c61-9d3f-3c1f2a9e7b10",
    number: "F2026-000123",
    kind: "invoice",
    simplified: false,
    issuedOn: "2026-11-27",
    dueOn: "2026-12-07",
    rectifies: null,
    substitutes: null,
    language: "es",
    currency: "EUR",
    issuer: {
      legalName: "Club Deportivo Sunrise, S.L.",
      taxId: "B12345674",
      address: { line: "Calle de Alcalá 42", postalCode: "28014", city: "Madrid", province: "Madrid", country: "ES" },
    },
    customer: {
      name: "María José Núñez Peña",
      taxId: "12345678Z",
      address: {
        line: "Avenida de España 7, 3º B",
        postalCode: "41001",
        city: "Sevilla",
        province: null,
        country: "ES",
      },
      email: "maria.nunez@example.com",
    },
    lines: [
      invoiceLine("Oro, anual", 123_450, 2100),
      invoiceLine("Cuota de inscripción", 2_500, 0, "Exento, art. 20.1.13º LIVA", ["2026-12-01", "2026-12-01"]),
    ],
    recordHash: "9f2c4e1a7b3d5f60812a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d",
    qrUrl:
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F2026-000123&fecha=27-11-2026&importe=1259.50",
    verifactu: true,
    ...overrides,
  });
}
