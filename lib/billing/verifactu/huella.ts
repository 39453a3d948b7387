import { createHash } from "node:crypto";

/**
 * The huella (fingerprint) of a registro de facturación de alta, as the AEAT specifies it ("Detalle de las
 * especificaciones técnicas para generación de la huella o hash de los registros de facturación", version 0.1.2,
 * sections 5 and 6): these fields of the record, each as `Name=value` with the value trimmed, joined by `&` in this
 * order, even when empty (`Huella=` on a chain's first record), encoded in UTF-8, hashed with SHA-256 and written as
 * 64 upper-case hexadecimal characters. Values are written exactly as in the record's XML (dates dd-mm-yyyy, amounts
 * with a dot), without URL encoding.
 */
export type AltaHuellaFields = {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's huella; "" on the first. */
  Huella: string;
  FechaHoraHusoGenRegistro: string;
};

const ALTA_FIELDS = [
  "IDEmisorFactura",
  "NumSerieFactura",
  "FechaExpedicionFactura",
  "TipoFactura",
  "CuotaTotal",
  "ImporteTotal",
  "Huella",
  "FechaHoraHusoGenRegistro",
] as const satisfies readonly (keyof AltaHuellaFields)[];

/** The text the huella is computed over. */
export const altaHuellaInput = (fields: AltaHuellaFields) =>
  ALTA_FIELDS.map((name) => `${name}=${fields[name].trim()}`).join("&");

export const altaHuella = (fields: AltaHuellaFields) =>
  createHash("sha256").update(altaHuellaInput(fields), "utf8").digest("hex").toUpperCase();
