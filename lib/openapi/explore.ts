/**
 * Reading an OpenAPI 3.1 document in the browser: the console's API reference renders /api/openapi.json with these.
 * No server imports here: this module ships to the client.
 */

export type SchemaObject = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

type Example = { summary?: string; value?: unknown };
type MediaTypeObject = { schema?: SchemaObject; examples?: Record<string, Example> };
export type Reference = { $ref: string };
export type ResponseObject = {
  description: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, { description?: string; schema?: SchemaObject }>;
};
export type ParameterObject = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
};
type RequestBodyObject = { required?: boolean; description?: string; content: Record<string, MediaTypeObject> };
export type OperationObject = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  /** Inline, or a reference to a shared one (`Idempotency-Key`); read them through `parametersOf`. */
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | Reference>;
  "x-permission"?: string;
  "x-rate-limit"?: string;
};
export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject>; responses?: Record<string, ResponseObject> };
};

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"] as const;

export type Endpoint = { method: string; path: string; operation: OperationObject };
export type EndpointGroup = { name: string; description: string; endpoints: Endpoint[] };

const isReference = (value: unknown): value is Reference =>
  typeof value === "object" && value !== null && typeof (value as Reference).$ref === "string";

/** Follows a local `#/components/...` reference; other values come back as they are. */
export function resolve<T>(document: ApiDocument, value: T | Reference): T {
  let current: unknown = value;
  for (let hops = 0; isReference(current) && hops < 10; hops += 1) {
    const pointer = current.$ref.replace(/^#\//, "").split("/");
    current = pointer.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) throw new Error(`Unresolvable reference ${(value as Reference).$ref}`);
  }
  return current as T;
}

/** An operation's parameters, shared ones (`#/components/parameters/…`) followed. */
export const parametersOf = (document: ApiDocument, operation: OperationObject): ParameterObject[] =>
  (operation.parameters ?? []).map((parameter) => resolve(document, parameter));

/** A schema with its reference followed and its `allOf` parts merged into one object schema. */
export function flatten(document: ApiDocument, schema: SchemaObject): SchemaObject {
  const resolved = resolve<SchemaObject>(document, schema);
  if (!resolved.allOf) return resolved;
  const { allOf, ...rest } = resolved;
  const merged: SchemaObject = { ...rest };
  for (const part of allOf.map((each) => flatten(document, each))) {
    Object.assign(merged, part, {
      properties: { ...merged.properties, ...part.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    });
  }
  return merged;
}

const typesOf = (schema: SchemaObject): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

function bounds(schema: SchemaObject, unit: string): string {
  const [low, high] =
    unit === "characters"
      ? [schema.minLength, schema.maxLength]
      : unit === "items"
        ? [schema.minItems, schema.maxItems]
        : [schema.minimum, schema.maximum];
  if (low !== undefined && high !== undefined)
    return low === high ? `${low} ${unit}`.trim() : `${low}–${high} ${unit}`.trim();
  if (low !== undefined) return `≥ ${low} ${unit}`.trim();
  if (high !== undefined) return `≤ ${high} ${unit}`.trim();
  return "";
}

/** A schema's type in a few words: `string (uuid)`, `integer 1–100`, `one of: asc, desc`, `array of object`. */
export function typeLabel(document: ApiDocument, schema: SchemaObject | undefined): string {
  if (!schema) return "any";
  const flat = flatten(document, schema);
  const alternatives = flat.anyOf ?? flat.oneOf;
  if (alternatives) return alternatives.map((part) => typeLabel(document, part)).join(" | ");
  if (flat.enum) return `one of: ${flat.enum.map((value) => String(value)).join(", ")}`;
  if (flat.const !== undefined) return JSON.stringify(flat.const);
  const types = typesOf(flat);
  if (types.length === 0) return flat.properties ? "object" : "any";
  return types
    .map((type) => {
      if (type === "array") return `array of ${typeLabel(document, flat.items)}`;
      if (type === "string")
        return [`string${flat.format ? ` (${flat.format})` : ""}`, bounds(flat, "characters")]
          .filter(Boolean)
          .join(" ");
      if (type === "integer" || type === "number") return [type, bounds(flat, "")].filter(Boolean).join(" ");
      return type;
    })
    .join(" | ");
}

const SAMPLE_STRINGS: Record<string, string> = {
  uuid: "00000000-0000-4000-8000-000000000000",
  date: "2026-11-20",
  "date-time": "2026-11-20T09:00:00.000Z",
  email: "someone@club.example",
};

/** A plausible value for a schema, to start a request body from: examples and defaults first, then by type. */
export function exampleOf(document: ApiDocument, schema: SchemaObject | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const flat = flatten(document, schema);
  if (flat.examples?.length) return flat.examples[0];
  if (flat.default !== undefined) return flat.default;
  if (flat.const !== undefined) return flat.const;
  if (flat.enum?.length) return flat.enum[0];
  const alternatives = flat.anyOf ?? flat.oneOf;
  if (alternatives) {
    const first = alternatives.find((part) => !typesOf(flatten(document, part)).includes("null")) ?? alternatives[0];
    return exampleOf(document, first, depth + 1);
  }
  const type = typesOf(flat).find((candidate) => candidate !== "null") ?? (flat.properties ? "object" : undefined);
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(flat.properties ?? {}).map(([name, property]) => [
          name,
          exampleOf(document, property, depth + 1),
        ]),
      );
    case "array":
      return flat.items ? [exampleOf(document, flat.items, depth + 1)] : [];
    case "string":
      return SAMPLE_STRINGS[flat.format ?? ""] ?? "text";
    case "integer":
    case "number":
      return flat.minimum ?? 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

/** Operations grouped by their first tag, in the document's tag order. */
export function endpointGroups(document: ApiDocument): EndpointGroup[] {
  const groups = new Map<string, EndpointGroup>(
    (document.tags ?? []).map((tag) => [
      tag.name,
      { name: tag.name, description: tag.description ?? "", endpoints: [] },
    ]),
  );
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of METHOD_ORDER) {
      const operation = methods[method];
      if (!operation) continue;
      const name = operation.tags?.[0] ?? "Other";
      if (!groups.has(name)) groups.set(name, { name, description: "", endpoints: [] });
      groups.get(name)?.endpoints.push({ method, path, operation });
    }
  }
  return [...groups.values()].filter((group) => group.endpoints.length > 0);
}

/** Whether every word of `search` appears in the endpoint's method, path, summary or permission. */
export function endpointMatches(endpoint: Endpoint, search: string): boolean {
  const haystack = [
    endpoint.method,
    endpoint.path,
    endpoint.operation.summary,
    endpoint.operation["x-permission"],
    endpoint.operation.tags?.join(" "),
  ]
    .join(" ")
    .toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The URL of a request: path parameters substituted (encoded), non-empty query values appended. */
export function requestUrl(
  path: string,
  pathValues: Readonly<Record<string, string>>,
  queryValues: Readonly<Record<string, string>>,
): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ""));
  const query = new URLSearchParams(Object.entries(queryValues).filter(([, value]) => value !== ""));
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}
