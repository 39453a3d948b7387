import { XMLParser } from "fast-xml-parser";
import { upTo, xmlText } from "./format";

const NAMESPACE =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws";

/**
 * A submission of records to the AEAT's VERI*FACTU web service (SistemaFacturacion.wsdl, operation
 * RegFactuSistemaFacturacion): a SOAP 1.1 envelope whose body is SuministroLR.xsd's RegFactuSistemaFacturacion, the
 * issuer as ObligadoEmision and each record, as it was generated, in a RegistroFactura. At most 1,000 records.
 */
export function submissionEnvelope(issuer: { name: string; taxId: string }, records: readonly string[]): string {
  if (records.length === 0 || records.length > 1000) throw new Error("a submission carries 1 to 1,000 records");
  // The body declares its own namespaces, so it stands alone as a SuministroLR.xsd document.
  const body =
    `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NAMESPACE}/SuministroLR.xsd" xmlns:sf="${NAMESPACE}/SuministroInformacion.xsd">` +
    "<sfLR:Cabecera><sf:ObligadoEmision>" +
    `<sf:NombreRazon>${xmlText(upTo(issuer.name, 120))}</sf:NombreRazon><sf:NIF>${xmlText(issuer.taxId)}</sf:NIF>` +
    "</sf:ObligadoEmision></sfLR:Cabecera>" +
    records.map((record) => `<sfLR:RegistroFactura>${record}</sfLR:RegistroFactura>`).join("") +
    "</sfLR:RegFactuSistemaFacturacion>";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/>` +
    `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

/** The AEAT's verdict on one record (RespuestaSuministro.xsd, RespuestaLinea), found by its series-and-number. */
export type RecordVerdict = {
  number: string;
  status: "accepted" | "accepted_with_errors" | "rejected";
  errorCode: number | null;
  error: string | null;
};

/**
 * What the service answered: its verdict per record, the submission's CSV and how long to wait before the next
 * submission (TiempoEsperaEnvio); or a SOAP fault, which refuses the whole submission (nothing of it is recorded).
 */
export type SubmissionAnswer =
  | { kind: "answer"; csv: string | null; waitSeconds: number; verdicts: RecordVerdict[] }
  | { kind: "fault"; error: string };

/** The AEAT's code for a record it already holds (a submission retried after its answer was lost). */
const DUPLICATE = 3000;

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === "RespuestaLinea",
});

type Line = {
  IDFactura?: { NumSerieFactura?: string };
  EstadoRegistro?: string;
  CodigoErrorRegistro?: string;
  DescripcionErrorRegistro?: string;
  RegistroDuplicado?: { EstadoRegistroDuplicado?: string };
};

function verdictOf(line: Line): RecordVerdict {
  const errorCode = line.CodigoErrorRegistro ? Number(line.CodigoErrorRegistro) : null;
  const error = line.DescripcionErrorRegistro ?? null;
  const number = line.IDFactura?.NumSerieFactura ?? "";
  // Already recorded by an earlier submission: its verdict then stands.
  if (errorCode === DUPLICATE) {
    const earlier = line.RegistroDuplicado?.EstadoRegistroDuplicado;
    return { number, status: earlier === "AceptadaConErrores" ? "accepted_with_errors" : "accepted", errorCode, error };
  }
  if (line.EstadoRegistro === "Correcto") return { number, status: "accepted", errorCode: null, error: null };
  if (line.EstadoRegistro === "AceptadoConErrores") return { number, status: "accepted_with_errors", errorCode, error };
  return { number, status: "rejected", errorCode, error };
}

/** Reads the service's answer; anything that is neither an answer nor a fault is thrown (the caller retries). */
export function parseSubmissionAnswer(xml: string): SubmissionAnswer {
  const body = parser.parse(xml)?.Envelope?.Body;
  const fault = body?.Fault;
  if (fault) return { kind: "fault", error: String(fault.faultstring ?? fault.faultcode ?? "SOAP fault") };
  const answer = body?.RespuestaRegFactuSistemaFacturacion;
  if (!answer) throw new Error("the AEAT answered neither a submission answer nor a fault");
  return {
    kind: "answer",
    csv: answer.CSV ?? null,
    waitSeconds: Number(answer.TiempoEsperaEnvio ?? 60),
    verdicts: ((answer.RespuestaLinea ?? []) as Line[]).map(verdictOf),
  };
}
