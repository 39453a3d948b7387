import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import protobuf from "protobufjs";

/**
 * An OTLP/HTTP trace receiver (POST /v1/traces) in the test's process, decoding both encodings the exporters send:
 * `application/x-protobuf` with protobufjs over the few messages of opentelemetry-proto a span needs (unknown fields
 * are skipped), and `application/json`, whose ids are hex strings (OTLP/JSON encoding, not protobuf JSON's base64).
 * Used by tests/operations/traces.test.ts, bench/tracing-overhead.ts and bench/layer-share.ts.
 */

export type ReceivedSpan = {
  service: string;
  traceId: string;
  spanId: string;
  /** Undefined for a root span. */
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** Unix time of the span's start, and how long it took, in milliseconds (bench/layer-share.ts). */
  startMs: number;
  durationMs: number;
};

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

// Field numbers from opentelemetry/proto/{collector/trace/v1/trace_service,trace/v1/trace,common/v1/common}.proto.
const root = protobuf.Root.fromJSON({
  nested: {
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: "repeated", type: "ResourceSpans", id: 1 } } },
    ResourceSpans: {
      fields: { resource: { type: "Resource", id: 1 }, scopeSpans: { rule: "repeated", type: "ScopeSpans", id: 2 } },
    },
    Resource: { fields: { attributes: { rule: "repeated", type: "KeyValue", id: 1 } } },
    ScopeSpans: { fields: { spans: { rule: "repeated", type: "Span", id: 2 } } },
    Span: {
      fields: {
        traceId: { type: "bytes", id: 1 },
        spanId: { type: "bytes", id: 2 },
        parentSpanId: { type: "bytes", id: 4 },
        name: { type: "string", id: 5 },
        kind: { type: "int32", id: 6 },
        startTimeUnixNano: { type: "fixed64", id: 7 },
        endTimeUnixNano: { type: "fixed64", id: 8 },
        attributes: { rule: "repeated", type: "KeyValue", id: 9 },
      },
    },
    KeyValue: { fields: { key: { type: "string", id: 1 }, value: { type: "AnyValue", id: 2 } } },
    AnyValue: {
      oneofs: { value: { oneof: ["stringValue", "boolValue", "intValue", "doubleValue"] } },
      fields: {
        stringValue: { type: "string", id: 1 },
        boolValue: { type: "bool", id: 2 },
        intValue: { type: "int64", id: 3 },
        doubleValue: { type: "double", id: 4 },
      },
    },
  },
});
const ExportTraceServiceRequest = root.lookupType("ExportTraceServiceRequest");

type AnyValue = { stringValue?: string; boolValue?: boolean; intValue?: number | string; doubleValue?: number };
type KeyValue = { key: string; value?: AnyValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  /** Decimal strings: nanoseconds since 1970 are past a double's exact integers. */
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: KeyValue[];
};
type OtlpRequest = {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
};

const plainValue = (value: AnyValue | undefined): unknown =>
  value?.stringValue ??
  value?.boolValue ??
  (value?.intValue === undefined ? value?.doubleValue : Number(value.intValue));
const attributesOf = (pairs: KeyValue[] = []) =>
  Object.fromEntries(pairs.map((pair) => [pair.key, plainValue(pair.value)]));

function spansOf(request: OtlpRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"] ?? "");
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind ?? 0,
        attributes: attributesOf(span.attributes),
        startMs: Number(BigInt(span.startTimeUnixNano) / 1000n) / 1000,
        durationMs: Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6,
      })),
    );
  });
}

const hex = (base64: string | undefined) => (base64 ? Buffer.from(base64, "base64").toString("hex") : undefined);

function decode(contentType: string, body: Buffer): OtlpRequest {
  if (contentType.startsWith("application/json")) return JSON.parse(body.toString("utf8")) as OtlpRequest;
  if (!contentType.startsWith("application/x-protobuf")) throw new Error(`unexpected content-type ${contentType}`);
  const decoded = ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(body), {
    bytes: String,
    longs: String,
  }) as OtlpRequest;
  // Ids as hex, as the OTLP/JSON encoding has them (protobufjs gives bytes as base64): both encodings compare alike.
  for (const resourceSpans of decoded.resourceSpans ?? [])
    for (const scope of resourceSpans.scopeSpans ?? [])
      for (const span of scope.spans ?? [])
        Object.assign(span, {
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
        });
  return decoded;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
}

export type OtlpReceiver = {
  /** The endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT (the exporters append /v1/traces). */
  endpoint: string;
  spans: ReceivedSpan[];
  /** The content type of each export received, in order. */
  encodings: string[];
  close(): Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const encodings: string[] = [];
  const server = createServer((request, response) => {
    const contentType = request.headers["content-type"] ?? "";
    if (request.method !== "POST" || request.url !== "/v1/traces") {
      response.writeHead(404).end();
      return;
    }
    bodyOf(request)
      .then((body) => {
        spans.push(...spansOf(decode(contentType, body)));
        encodings.push(contentType);
        // An empty ExportTraceServiceResponse: full success.
        response.writeHead(200, { "content-type": contentType }).end(contentType.includes("json") ? "{}" : "");
      })
      .catch((error: unknown) => {
        response.writeHead(400, { "content-type": "text/plain" }).end(String(error));
      });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    encodings,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
