import { readFileSync } from "node:fs";
import { request } from "node:https";
import type { Config } from "@/lib/config";
import { DependencyTimeoutError, DependencyUnavailableError } from "../errors";

const COMPONENT = "AEAT";

/** The AEAT's VERI*FACTU web service (SistemaFacturacion.wsdl, VerifactuSOAP) by environment and certificate kind. */
const ENDPOINTS = {
  production: {
    personal: "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    seal: "https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
  },
  test: {
    personal: "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    seal: "https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
  },
} as const;

type AeatReply = { status: number; body: string };

/**
 * Sends SOAP envelopes to the AEAT over TLS with the club's certificate; `disabled` without one (records are then
 * kept, not sent). A refused connection is DependencyUnavailableError and no answer in time DependencyTimeoutError:
 * the submission keeps its records pending and sends them again.
 */
export type AeatService =
  | { kind: "disabled" }
  | { kind: "aeat"; endpoint: string; send(envelope: string): Promise<AeatReply> };

export function createAeatService(config: Config): AeatService {
  if (!config.VERIFACTU_CERTIFICATE_FILE) return { kind: "disabled" };
  const endpoint =
    config.VERIFACTU_ENDPOINT_URL ?? ENDPOINTS[config.VERIFACTU_ENVIRONMENT][config.VERIFACTU_CERTIFICATE_KIND];
  const tls = {
    pfx: readFileSync(config.VERIFACTU_CERTIFICATE_FILE),
    passphrase: config.VERIFACTU_CERTIFICATE_PASSWORD,
    ...(config.VERIFACTU_CA_FILE ? { ca: readFileSync(config.VERIFACTU_CA_FILE) } : {}),
  };
  const timeoutMs = config.VERIFACTU_TIMEOUT_MS;
  return {
    kind: "aeat",
    endpoint,
    send: (envelope) =>
      new Promise<AeatReply>((resolve, reject) => {
        const outgoing = request(endpoint, {
          method: "POST",
          ...tls,
          headers: { "content-type": "text/xml; charset=utf-8", soapaction: '""' },
          timeout: timeoutMs,
        });
        outgoing.on("timeout", () => outgoing.destroy(new DependencyTimeoutError(COMPONENT, timeoutMs)));
        outgoing.on("error", (error) =>
          reject(
            error instanceof DependencyTimeoutError
              ? error
              : new DependencyUnavailableError(COMPONENT, { cause: error }),
          ),
        );
        outgoing.on("response", (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", (error) => reject(new DependencyUnavailableError(COMPONENT, { cause: error })));
          incoming.on("end", () =>
            resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
        });
        outgoing.end(envelope);
      }),
  };
}
