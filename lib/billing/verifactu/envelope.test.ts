import path from "node:path";
import { describe, expect, it } from "vitest";
import { aeatAnswer, bodyOf } from "@/tests/support/aeat-double";
import { sampleAltaDraft } from "@/tests/support/verifactu";
import { xmllint } from "@/tests/support/xmllint";
import { parseSubmissionAnswer, submissionEnvelope } from "./envelope";
import { registroAlta } from "./record";

const SCHEMAS = path.join(import.meta.dirname, "xsd");
const CLUB = { name: "Club Náutico de Altea & Vela", taxId: "G28029643" };

describe("a submission to the AEAT", () => {
  it("carries its records in a RegFactuSistemaFacturacion that validates against the AEAT's SuministroLR.xsd", async () => {
    const first = registroAlta(sampleAltaDraft());
    const second = registroAlta(
      sampleAltaDraft({
        invoice: { issuerTaxId: "G28029643", number: "F2026-000002", issuedOn: "2026-12-01" },
        previous: { issuerTaxId: "G28029643", number: "F2026-000001", issuedOn: "2026-12-01", huella: first.huella },
      }),
    );
    const envelope = submissionEnvelope(CLUB, [first.xml, second.xml]);
    expect(envelope).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><soapenv:Envelope /);
    const body = bodyOf(envelope);
    expect(await xmllint(body, path.join(SCHEMAS, "SuministroLR.xsd"))).toMatchObject({ valid: true });
    expect(body).toContain(
      "<sf:NombreRazon>Club Náutico de Altea &amp; Vela</sf:NombreRazon><sf:NIF>G28029643</sf:NIF>",
    );
    expect(body.match(/<sfLR:RegistroFactura>/g)).toHaveLength(2);
  });

  it("carries 1 to 1,000 records, the AEAT's limit", () => {
    const record = registroAlta(sampleAltaDraft()).xml;
    expect(() => submissionEnvelope(CLUB, [])).toThrow("1 to 1,000");
    expect(() =>
      submissionEnvelope(
        CLUB,
        Array.from({ length: 1001 }, () => record),
      ),
    ).toThrow("1 to 1,000");
    expect(() =>
      submissionEnvelope(
        CLUB,
        Array.from({ length: 1000 }, () => record),
      ),
    ).not.toThrow();
  });
});

describe("the AEAT's answer", () => {
  const line = (number: string, status: string, extra = "") => ({ number, status, extra });

  it("gives each record its verdict, the submission's CSV and the wait before the next one", async () => {
    const answer = aeatAnswer(CLUB, {
      csv: "A-YDSW8NLFLANWPM",
      wait: 60,
      lines: [
        line("F2026-000001", "Correcto"),
        line("F2026-000002", "AceptadoConErrores", "1100|El NIF del destinatario no está identificado."),
        line("F2026-000003", "Incorrecto", "1104|El valor del campo NumSerieFactura es incorrecto."),
      ],
    });
    expect(await xmllint(bodyOf(answer), path.join(SCHEMAS, "RespuestaSuministro.xsd"))).toMatchObject({ valid: true });
    expect(parseSubmissionAnswer(answer)).toEqual({
      kind: "answer",
      csv: "A-YDSW8NLFLANWPM",
      waitSeconds: 60,
      verdicts: [
        { number: "F2026-000001", status: "accepted", errorCode: null, error: null },
        {
          number: "F2026-000002",
          status: "accepted_with_errors",
          errorCode: 1100,
          error: "El NIF del destinatario no está identificado.",
        },
        {
          number: "F2026-000003",
          status: "rejected",
          errorCode: 1104,
          error: "El valor del campo NumSerieFactura es incorrecto.",
        },
      ],
    });
  });

  it("takes a record the AEAT already holds (code 3000) with the verdict it got then", () => {
    const answer = aeatAnswer(CLUB, {
      csv: null,
      wait: 60,
      lines: [
        line("F2026-000001", "Incorrecto", "3000|Registro de facturación duplicado.|Correcta"),
        line("F2026-000002", "Incorrecto", "3000|Registro de facturación duplicado.|AceptadaConErrores"),
      ],
    });
    const parsed = parseSubmissionAnswer(answer);
    expect(parsed.kind === "answer" && parsed.verdicts.map((verdict) => verdict.status)).toEqual([
      "accepted",
      "accepted_with_errors",
    ]);
  });

  it("reads a SOAP fault as the submission refused whole, and throws on anything else", () => {
    const fault =
      '<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:Client</faultcode>' +
      "<faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring></env:Fault></env:Body></env:Envelope>";
    expect(parseSubmissionAnswer(fault)).toEqual({ kind: "fault", error: "Codigo[4102].El XML no cumple el esquema." });
    expect(() => parseSubmissionAnswer("<html>Service unavailable</html>")).toThrow(/neither/);
  });
});
