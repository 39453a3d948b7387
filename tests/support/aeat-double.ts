import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { xmlText } from "@/lib/billing/verifactu/format";
import type { TestCertificates } from "./test-certificates";
import { xmllint } from "./xmllint";

const WS = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws";
const SCHEMAS = path.resolve(import.meta.dirname, "../../lib/billing/verifactu/xsd");

/** The body of a SOAP envelope, which declares its own namespaces and so stands alone. */
export function bodyOf(envelope: string): string {
  const body = /<(\w+):Body>([\s\S]*)<\/\1:Body>/.exec(envelope)?.[2];
  if (body === undefined) throw new Error("not a SOAP envelope");
  return body;
}

/** One record's line of an answer: its number and date, its EstadoRegistro, and "code|text|earlier state" if any. */
type AnswerLine = { number: string; issueDate?: string; status: string; extra?: string };

/**
 * An answer of the AEAT's service as RespuestaSuministro.xsd defines it (RespuestaRegFactuSistemaFacturacion in a SOAP
 * envelope), for the lines given.
 */
export function aeatAnswer(
  issuer: { name: string; taxId: string },
  answer: { csv: string | null; wait: number; lines: readonly AnswerLine[] },
): string {
  const statuses = new Set(answer.lines.map((line) => line.status));
  const overall =
    statuses.size === 1 && statuses.has("Correcto")
      ? "Correcto"
      : statuses.size === 1 && statuses.has("Incorrecto")
        ? "Incorrecto"
        : "ParcialmenteCorrecto";
  const lines = answer.lines.map(({ number, issueDate = "01-12-2026", status, extra }) => {
    const [code, text, earlier] = extra?.split("|") ?? [];
    return (
      "<sfR:RespuestaLinea>" +
      `<sfR:IDFactura><sf:IDEmisorFactura>${issuer.taxId}</sf:IDEmisorFactura><sf:NumSerieFactura>${number}</sf:NumSerieFactura><sf:FechaExpedicionFactura>${issueDate}</sf:FechaExpedicionFactura></sfR:IDFactura>` +
      "<sfR:Operacion><sf:TipoOperacion>Alta</sf:TipoOperacion></sfR:Operacion>" +
      `<sfR:EstadoRegistro>${status}</sfR:EstadoRegistro>` +
      (code ? `<sfR:CodigoErrorRegistro>${code}</sfR:CodigoErrorRegistro>` : "") +
      (text ? `<sfR:DescripcionErrorRegistro>${xmlText(text)}</sfR:DescripcionErrorRegistro>` : "") +
      (earlier
        ? `<sfR:RegistroDuplicado><sf:IdPeticionRegistroDuplicado>20261201101500</sf:IdPeticionRegistroDuplicado><sf:EstadoRegistroDuplicado>${earlier}</sf:EstadoRegistroDuplicado></sfR:RegistroDuplicado>`
        : "") +
      "</sfR:RespuestaLinea>"
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body>' +
    `<sfR:RespuestaRegFactuSistemaFacturacion xmlns:sfR="${WS}/RespuestaSuministro.xsd" xmlns:sf="${WS}/SuministroInformacion.xsd">` +
    (answer.csv ? `<sfR:CSV>${answer.csv}</sfR:CSV>` : "") +
    `<sfR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>${xmlText(issuer.name)}</sf:NombreRazon><sf:NIF>${issuer.taxId}</sf:NIF></sf:ObligadoEmision></sfR:Cabecera>` +
    `<sfR:TiempoEsperaEnvio>${answer.wait}</sfR:TiempoEsperaEnvio><sfR:EstadoEnvio>${overall}</sfR:EstadoEnvio>` +
    lines.join("") +
    "</sfR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>"
  );
}

/** How the double answers the next submission: a verdict per record, a SOAP fault, an outage, or an answer too late. */
export type Behaviour =
  | { kind: "verdicts"; verdict?: (number: string) => { status: string; extra?: string } }
  | { kind: "fault" }
  | { kind: "unavailable" }
  | { kind: "late"; afterMs: number };

/** A submission as the double received it: each record's number, its RechazoPrevio on a correction, the schema check. */
type Received = { numbers: string[]; corrections: (string | null)[]; schema: { valid: boolean; output: string } };

type ReceivedAlta = {
  IDFactura: { NumSerieFactura: string; FechaExpedicionFactura: string };
  Subsanacion?: "S" | "N";
  RechazoPrevio?: "N" | "S" | "X";
};

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === "RegistroFactura",
});

/**
 * A stand-in for the AEAT's VERI*FACTU web service, built from its WSDL and schemas: HTTPS that asks for a client
 * certificate signed by the test CA, checks each submission's body against SuministroLR.xsd (a SOAP fault like the
 * AEAT's 4102 when it fails), and, like the AEAT, remembers the records it recorded: one sent again is answered as a
 * duplicate (code 3000) with its earlier state, even when the answer that recorded it never reached the client. A
 * correction (Subsanacion S) replaces what it holds when its RechazoPrevio (N or S) says it holds a record of the
 * invoice, and is refused when that is not so; with RechazoPrevio X it is taken as a first record.
 */
export async function startAeatDouble(certificates: TestCertificates) {
  const received: Received[] = [];
  const recorded = new Map<string, string>();
  const behaviours: Behaviour[] = [];
  const server: Server = createServer(
    {
      key: readFileSync(certificates.server.keyFile),
      cert: readFileSync(certificates.server.certFile),
      ca: readFileSync(certificates.caFile),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", async () => {
        const envelope = Buffer.concat(chunks).toString("utf8");
        const body = bodyOf(envelope);
        const parsed = parser.parse(body).RegFactuSistemaFacturacion;
        const issuer = {
          name: parsed.Cabecera.ObligadoEmision.NombreRazon,
          taxId: parsed.Cabecera.ObligadoEmision.NIF,
        };
        const records = (parsed.RegistroFactura as { RegistroAlta: ReceivedAlta }[]).map((entry) => entry.RegistroAlta);
        const schema = await xmllint(body, path.join(SCHEMAS, "SuministroLR.xsd"));
        received.push({
          numbers: records.map((record) => record.IDFactura.NumSerieFactura),
          corrections: records.map((record) => (record.Subsanacion === "S" ? (record.RechazoPrevio ?? "N") : null)),
          schema,
        });
        const behaviour = behaviours.shift() ?? { kind: "verdicts" };
        const reply = (status: number, text: string) => {
          response.writeHead(status, { "content-type": "text/xml; charset=utf-8" });
          response.end(text);
        };
        if (!schema.valid || behaviour.kind === "fault") {
          return reply(
            500,
            '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring></env:Fault></env:Body></env:Envelope>',
          );
        }
        if (behaviour.kind === "unavailable") {
          response.writeHead(503, { "content-type": "text/html" });
          return response.end("<html><body>Servicio no disponible</body></html>");
        }
        const lines = records.map(({ IDFactura: record, Subsanacion, RechazoPrevio }) => {
          const earlier = recorded.get(record.NumSerieFactura);
          const line = { number: record.NumSerieFactura, issueDate: record.FechaExpedicionFactura };
          // What the record says the AEAT holds: a first record or an X correction, none; an N or S correction, one.
          const claimsHeld = Subsanacion === "S" && RechazoPrevio !== "X";
          if (earlier && !claimsHeld) {
            const state = earlier === "AceptadoConErrores" ? "AceptadaConErrores" : "Correcta";
            return { ...line, status: "Incorrecto", extra: `3000|Registro de facturación duplicado.|${state}` };
          }
          if (!earlier && claimsHeld) {
            return { ...line, status: "Incorrecto", extra: "3002|No existe el registro de facturación." };
          }
          const verdict =
            behaviour.kind === "verdicts" && behaviour.verdict
              ? behaviour.verdict(record.NumSerieFactura)
              : { status: "Correcto" };
          if (verdict.status !== "Incorrecto") recorded.set(record.NumSerieFactura, verdict.status);
          return { ...line, ...verdict };
        });
        const answer = aeatAnswer(issuer, { csv: `A-TEST${received.length}`, wait: 60, lines });
        if (behaviour.kind === "late") setTimeout(() => reply(200, answer), behaviour.afterMs);
        else reply(200, answer);
      });
    },
  );
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    received,
    /** How the next submissions are answered, in order; then every record is accepted. */
    answerNext: (...next: Behaviour[]) => behaviours.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
