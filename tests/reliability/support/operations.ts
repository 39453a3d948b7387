import { DOCUMENT_ROUTE, DOCUMENTED_ROUTES } from "@/app/api/openapi.json/registry";
import { GET as openApiDocumentRoute } from "@/app/api/openapi.json/route";
import type { RouteHandler } from "@/lib/http/route";
import {
  buildOpenApiDocument,
  HTTP_METHODS,
  type HttpMethod,
  openApiPath,
  type RouteModules,
} from "@/lib/openapi/document";
import type { JsonSchema } from "../fuzz/schema-arbitrary";

type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };

/** One operation of the OpenAPI document, with the handler that serves it. */
export type Operation = {
  method: HttpMethod;
  /** `/api/members/{id}` */
  path: string;
  /** `GET /api/members/{id}` */
  name: string;
  handler: RouteHandler;
  parameters: Parameter[];
  /** The JSON body schema, when the operation takes one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Media types of a raw (streamed file) body. */
  rawBody?: string[];
  /** `x-permission`: a permission, "authenticated", or undefined for public operations. */
  permission?: string;
  rateLimit?: string;
  /** Statuses the document lists for it. */
  documentedStatuses: Set<number>;
  /** The `{code, message}` codes the document lists per status (its examples), e.g. 403 → Auth.Forbidden. */
  documentedCodes: Map<number, Set<string>>;
};

type OpenApiOperation = {
  /** Shared header parameters (`Idempotency-Key`) are references; only path and query are fuzzed. */
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, DocumentedResponse>;
  "x-permission"?: string;
  "x-rate-limit"?: string;
};

/** A response, or a reference to a shared one (`#/components/responses/Forbidden`). */
type DocumentedResponse = {
  $ref?: string;
  content?: Record<string, { examples?: Record<string, { value?: { code?: string } }> }>;
};

const ROUTE_MODULES: RouteModules = { ...DOCUMENTED_ROUTES, [DOCUMENT_ROUTE]: { GET: openApiDocumentRoute } };

/** Every operation of the served OpenAPI document, from the same route modules the document is built from. */
export function documentedOperations(): Operation[] {
  const document = buildOpenApiDocument(ROUTE_MODULES, "reliability");
  const folderOf = new Map(Object.keys(ROUTE_MODULES).map((folder) => [openApiPath(folder), folder]));
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    const folder = folderOf.get(path);
    if (folder === undefined) throw new Error(`no route module for ${path}`);
    for (const method of HTTP_METHODS) {
      const described = (methods as Record<string, OpenApiOperation | undefined>)[method.toLowerCase()];
      if (!described) continue;
      const handler = ROUTE_MODULES[folder]?.[method] as RouteHandler | undefined;
      if (!handler) throw new Error(`${method} ${path}: no handler`);
      const content = described.requestBody?.content ?? {};
      const json = content["application/json"];
      const raw = Object.keys(content).filter((type) => type !== "application/json");
      operations.push({
        method,
        path,
        name: `${method} ${path}`,
        handler,
        parameters: (described.parameters ?? []).filter((parameter): parameter is Parameter => "in" in parameter),
        body: json?.schema && (inlined(json.schema, document.components.schemas ?? {}) as JsonSchema),
        bodyRequired: described.requestBody?.required ?? false,
        rawBody: raw.length > 0 ? raw : undefined,
        permission: described["x-permission"],
        rateLimit: described["x-rate-limit"],
        documentedStatuses: new Set(Object.keys(described.responses).map(Number)),
        documentedCodes: codesByStatus(described.responses, document.components.responses ?? {}),
      });
    }
  }
  return operations;
}

/** The error codes each status's JSON examples name, shared responses followed. */
function codesByStatus(
  responses: Record<string, DocumentedResponse>,
  shared: Record<string, unknown>,
): Map<number, Set<string>> {
  const codes = new Map<number, Set<string>>();
  for (const [status, response] of Object.entries(responses)) {
    const resolved = response.$ref?.startsWith(SHARED_RESPONSE)
      ? (shared[response.$ref.slice(SHARED_RESPONSE.length)] as DocumentedResponse | undefined)
      : response;
    const examples = Object.values(resolved?.content?.["application/json"]?.examples ?? {});
    const named = examples.flatMap((example) => (example.value?.code ? [example.value.code] : []));
    if (named.length > 0) codes.set(Number(status), new Set(named));
  }
  return codes;
}
const SHARED_RESPONSE = "#/components/responses/";

/** Replaces path parameters; values are percent-encoded (lone surrogates made well-formed first, as a client must). */
export function concretePath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(params[name] ?? "")));
}

export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** A schema with its references to named components (`#/components/schemas/Member`) replaced by what they name. */
function inlined(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (schema === null || typeof schema !== "object") return schema;
  const { $ref, ...rest } = schema as { $ref?: string };
  const named = $ref?.startsWith(COMPONENT) ? inlined(components[$ref.slice(COMPONENT.length)], components) : {};
  return {
    ...(named as object),
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value, components)])),
  };
}
const COMPONENT = "#/components/schemas/";
