import { aeatAmount, aeatDate } from "./format";
import type { RecordedInvoice } from "./record";

/**
 * The AEAT's invoice-check service the tax QR code points to ("Detalle de las especificaciones técnicas del código
 * «QR» de la factura y del servicio de cotejo o remisión de información por parte del receptor de la misma", section
 * 3), in production and in the AEAT's pre-production environment.
 */
const CHECK_SERVICE = {
  production: "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR",
  test: "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR",
} as const;

export type AeatEnvironment = keyof typeof CHECK_SERVICE;

/** The QR's parameters as the AEAT names them, written as the record writes them. */
export type QrFields = { nif: string; numserie: string; fecha: string; importe: string };

/** The URL the tax QR code holds: the check service with its four parameters, each URL-encoded (section 4). */
export function qrUrl(environment: AeatEnvironment, fields: QrFields): string {
  const query = (["nif", "numserie", "fecha", "importe"] as const)
    .map((name) => `${name}=${encodeURIComponent(fields[name])}`)
    .join("&");
  return `${CHECK_SERVICE[environment]}?${query}`;
}

/** The QR URL of an invoice from its identity and total. */
export const invoiceQrUrl = (environment: AeatEnvironment, invoice: RecordedInvoice, totalCents: bigint) =>
  qrUrl(environment, {
    nif: invoice.issuerTaxId,
    numserie: invoice.number,
    fecha: aeatDate(invoice.issuedOn),
    importe: aeatAmount(totalCents),
  });
