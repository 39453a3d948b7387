import type { TaxBreakdownRow } from "../tax";
import { aeatAmount, aeatDate, aeatRate, upTo, xmlText } from "./format";
import { type AltaHuellaFields, altaHuella } from "./huella";

/** The namespace of the records' schema (SuministroInformacion.xsd, shipped in ./xsd). */
const SUMINISTRO_INFORMACION =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd";

/**
 * The invoice types ClubOps issues (ClaveTipoFacturaType): F1 a full invoice (RD 1619/2012 art. 6), F2 a simplified
 * one (art. 7), F3 a full invoice in substitution of a simplified one (art. 7.2), R1 a rectifying invoice of a full one
 * (art. 15; Ley 37/1992 art. 80 Uno, Dos and Seis: a price changed or an operation cancelled after the fact), R5 a
 * rectifying invoice of a simplified one.
 */
export type VerifactuInvoiceType = "F1" | "F2" | "F3" | "R1" | "R5";

/** The invoicing system, as every record names it (SistemaInformaticoType). */
export type InvoicingSystem = {
  /** Who produced the system and signs its declaración responsable (RD 1007/2023 art. 13). */
  producer: { name: string; taxId: string };
  name: string;
  id: string;
  version: string;
  installation: string;
};

/** An invoice's identity in the records: its issuer's NIF, its series-and-number, its issue date. */
export type RecordedInvoice = { issuerTaxId: string; number: string; issuedOn: string };

export type AltaDraft = {
  invoice: RecordedInvoice;
  issuerName: string;
  type: VerifactuInvoiceType;
  /** What an R1/R5 corrects (by differences: TipoRectificativa I). */
  rectified: RecordedInvoice | null;
  /** The simplified invoice an F3 replaces (FacturasSustituidas). */
  substituted: RecordedInvoice | null;
  description: string;
  /** The customer named on an F1/F3/R1. */
  recipient: { name: string; taxId: string } | null;
  breakdown: readonly TaxBreakdownRow[];
  taxCents: bigint;
  totalCents: bigint;
  /** When the record is generated, with the club's offset ("2026-12-01T10:20:30+01:00"). */
  generatedAt: string;
  /** The previous record of the same issuer's chain, null on its first. */
  previous: (RecordedInvoice & { huella: string }) | null;
  system: InvoicingSystem;
  /**
   * On a corrected record of an invoice already recorded (a subsanación: Subsanacion S), its RechazoPrevio: X when
   * the AEAT holds no record of the invoice, S when it holds one and rejected the last correction, N otherwise. Null
   * on an invoice's first record.
   */
  correction?: "N" | "S" | "X" | null;
};

export type RegistroAlta = { fields: AltaHuellaFields; huella: string; xml: string };

/** The type of an invoice: full with the customer's NIF, simplified without; a correction follows what it corrects. */
export function invoiceTypeOf(
  kind: "invoice" | "rectifying" | "substitution",
  customerTaxId: string | null,
  rectifiedType: VerifactuInvoiceType | null,
): VerifactuInvoiceType {
  if (kind === "substitution") return "F3";
  if (kind === "invoice") return customerTaxId ? "F1" : "F2";
  const correctsFull = rectifiedType
    ? rectifiedType === "F1" || rectifiedType === "F3" || rectifiedType === "R1"
    : customerTaxId !== null;
  return correctsFull ? "R1" : "R5";
}

const element = (name: string, content: string) => `<sf:${name}>${content}</sf:${name}>`;
const text = (name: string, value: string) => element(name, xmlText(value));

const invoiceId = (invoice: RecordedInvoice) =>
  text("IDEmisorFactura", invoice.issuerTaxId) +
  text("NumSerieFactura", invoice.number) +
  text("FechaExpedicionFactura", aeatDate(invoice.issuedOn));

/**
 * One DetalleDesglose: IVA (01) under the general regime (01), taxed (S1) at its rate, exempt under art. 20 (E1), or
 * not subject (N1, "no sujeta artículo 7, 14, otros": an indemnity such as a return fee is no operation at all, Ley
 * 37/1992 art. 78.Tres.1º; N2 is only for the place-of-supply rules), its amount as the importe no sujeto, with no rate
 * and no tax (the AEAT's validation rules forbid TipoImpositivo and CuotaRepercutida with N1/N2).
 */
const breakdownDetail = (row: TaxBreakdownRow) =>
  element(
    "DetalleDesglose",
    text("Impuesto", "01") +
      text("ClaveRegimen", "01") +
      (row.notSubjectReason
        ? text("CalificacionOperacion", "N1") + text("BaseImponibleOimporteNoSujeto", aeatAmount(row.baseCents))
        : row.exemptReason
          ? text("OperacionExenta", "E1") + text("BaseImponibleOimporteNoSujeto", aeatAmount(row.baseCents))
          : text("CalificacionOperacion", "S1") +
            text("TipoImpositivo", aeatRate(row.taxRateBasisPoints)) +
            text("BaseImponibleOimporteNoSujeto", aeatAmount(row.baseCents)) +
            text("CuotaRepercutida", aeatAmount(row.taxCents))),
  );

const systemXml = (system: InvoicingSystem) =>
  element(
    "SistemaInformatico",
    text("NombreRazon", upTo(system.producer.name, 120)) +
      text("NIF", system.producer.taxId) +
      text("NombreSistemaInformatico", upTo(system.name, 30)) +
      text("IdSistemaInformatico", system.id) +
      text("Version", upTo(system.version, 50)) +
      text("NumeroInstalacion", upTo(system.installation, 100)) +
      // One club (one taxpayer) per installation, which can also run without sending records.
      text("TipoUsoPosibleSoloVerifactu", "N") +
      text("TipoUsoPosibleMultiOT", "N") +
      text("IndicadorMultiplesOT", "N"),
  );

/**
 * The registro de facturación de alta of an issued invoice (RD 1007/2023 arts. 8–10; Orden HAC/1177/2024 art. 10 and
 * its annex), as the `RegistroAlta` element of SuministroInformacion.xsd, with its huella chained to the previous one.
 */
export function registroAlta(draft: AltaDraft): RegistroAlta {
  const fields: AltaHuellaFields = {
    IDEmisorFactura: draft.invoice.issuerTaxId,
    NumSerieFactura: draft.invoice.number,
    FechaExpedicionFactura: aeatDate(draft.invoice.issuedOn),
    TipoFactura: draft.type,
    CuotaTotal: aeatAmount(draft.taxCents),
    ImporteTotal: aeatAmount(draft.totalCents),
    Huella: draft.previous?.huella ?? "",
    FechaHoraHusoGenRegistro: draft.generatedAt,
  };
  const huella = altaHuella(fields);
  const rectification = draft.rectified
    ? text("TipoRectificativa", "I") +
      element("FacturasRectificadas", element("IDFacturaRectificada", invoiceId(draft.rectified)))
    : "";
  const substitution = draft.substituted
    ? element("FacturasSustituidas", element("IDFacturaSustituida", invoiceId(draft.substituted)))
    : "";
  const recipients = draft.recipient
    ? element(
        "Destinatarios",
        element(
          "IDDestinatario",
          text("NombreRazon", upTo(draft.recipient.name, 120)) + text("NIF", draft.recipient.taxId),
        ),
      )
    : "";
  const chain = draft.previous
    ? element("RegistroAnterior", invoiceId(draft.previous) + text("Huella", draft.previous.huella))
    : text("PrimerRegistro", "S");
  const xml =
    `<sf:RegistroAlta xmlns:sf="${SUMINISTRO_INFORMACION}">` +
    text("IDVersion", "1.0") +
    element("IDFactura", invoiceId(draft.invoice)) +
    text("NombreRazonEmisor", upTo(draft.issuerName, 120)) +
    (draft.correction ? text("Subsanacion", "S") + text("RechazoPrevio", draft.correction) : "") +
    text("TipoFactura", draft.type) +
    rectification +
    substitution +
    text("DescripcionOperacion", upTo(draft.description, 500)) +
    recipients +
    element("Desglose", draft.breakdown.map(breakdownDetail).join("")) +
    text("CuotaTotal", fields.CuotaTotal) +
    text("ImporteTotal", fields.ImporteTotal) +
    element("Encadenamiento", chain) +
    systemXml(draft.system) +
    text("FechaHoraHusoGenRegistro", draft.generatedAt) +
    text("TipoHuella", "01") +
    text("Huella", huella) +
    "</sf:RegistroAlta>";
  return { fields, huella, xml };
}
