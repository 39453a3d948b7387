import { createHash, timingSafeEqual } from "node:crypto";
import { type GaugeCollector, metricsExposition } from "../metrics/registry";
import { problemResponse } from "./problem";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so neither the token's characters nor its length show in the time taken. */
function presentsToken(authorization: string | null, token: string): boolean {
  const presented = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  const same = timingSafeEqual(digest(presented ?? ""), digest(token));
  return presented !== undefined && same;
}

/**
 * GET /metrics: the Prometheus text exposition to a caller presenting `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a configured token the endpoint does not exist (404); a missing or wrong token gets a bare 401. The
 * `collectors` (the domain's gauges, wired by the caller) are read only for an authorised scrape.
 */
export async function metricsResponse(
  request: Request,
  token: string | undefined,
  collectors: readonly GaugeCollector[] = [],
): Promise<Response> {
  if (!token) {
    return problemResponse(request, 404, "The requested resource was not found.", {
      detail: "Set METRICS_TOKEN to serve metrics.",
    });
  }
  if (!presentsToken(request.headers.get("authorization"), token)) {
    return new Response(null, { status: 401, headers: { "www-authenticate": "Bearer", "cache-control": "no-store" } });
  }
  const { contentType, body } = await metricsExposition(collectors);
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
