import { z } from "zod";
import { AuthErrors } from "@/lib/auth/errors";
import { isOtherMethodHandler, ROUTE_METHODS } from "@/lib/http/method-not-allowed";
import { MAX_JSON_BODY_BYTES, type RouteDeclaration, routeDeclaration, statusOfError } from "@/lib/http/route";
import {
  apiErrorShape,
  pageItemOf,
  pageTotalsShape,
  problemDetailsShape,
  validationProblemShape,
} from "@/lib/platform/http/shapes";
import type { BusinessError } from "@/lib/platform/result";
import { conditionalParameters, conditionalResponses, withEntityTagHeader } from "./conditional";
import { type ExamplesByOperation, withExamples } from "./examples";
import { fileContent, uploadRefusals, withStoredFileAnswers } from "./files";
import { idempotencyComponents, withIdempotencyKey } from "./idempotency";
import { type JsonSchema, jsonSchemaOf, objectPropertiesOf } from "./json-schema";
import { withNamedSchemas } from "./named-schemas";

/** The methods a Next.js route module may export that the API uses. */
export const HTTP_METHODS = ROUTE_METHODS;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A route module as Next.js loads it: handlers exported by method name, beside other exports (`dynamic`). */
export type RouteModule = Readonly<Record<string, unknown>>;

/** The methods a module implements, less the 405 answers otherMethods() gives it for the others. */
export const implementedMethods = (module: RouteModule): HttpMethod[] =>
  HTTP_METHODS.filter((method) => module[method] !== undefined && !isOtherMethodHandler(module[method]));

/** A route module's folder below app/api (`members/[id]`) → the module. */
export type RouteModules = Readonly<Record<string, RouteModule>>;

type Operation = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.1";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, Operation>>>;
  components: Record<string, Record<string, unknown>>;
};

/** Groups of the reference, matched by the longest folder prefix; a folder no prefix matches gets its first segment. */
const TAGS: readonly { name: string; description: string; prefixes: readonly string[] }[] = [
  {
    name: "Setup",
    description: "First-run setup: the platform's name, then the super-administrator.",
    prefixes: ["setup"],
  },
  {
    name: "Settings",
    description: "What a client needs to know about the club before signing in.",
    prefixes: ["settings"],
  },
  { name: "Authentication", description: "Sign-in, tokens, registration and password recovery.", prefixes: ["auth"] },
  { name: "Users", description: "Accounts that sign in, their roles and blacklisting.", prefixes: ["users"] },
  {
    name: "Roles and permissions",
    description: "Roles and the permission strings they grant.",
    prefixes: ["roles", "permissions"],
  },
  { name: "Plans", description: "Subscription plans and their benefits.", prefixes: ["plans"] },
  {
    name: "Members",
    description: "The people the club serves: records, statuses, statistics and export.",
    prefixes: ["members"],
  },
  {
    name: "Subscriptions",
    description: "Subscription terms: subscribe, change plan, renew, cancel; enrolment.",
    prefixes: ["members/[id]/subscriptions", "members/enroll"],
  },
  {
    name: "Billing",
    description:
      "Invoices and rectifying invoices, their PDFs, payments, refunds and write-offs; members' balances and direct debit mandates; the invoice chain's verification.",
    prefixes: ["invoices", "members/[id]/invoices", "members/[id]/balance", "members/[id]/mandates"],
  },
  {
    name: "Remittances",
    description:
      "SEPA direct debit remittances: build one, download its pain.008 file, send it, import returns, settle it.",
    prefixes: ["remittances"],
  },
  {
    name: "Staff",
    description: "Employees, holiday lists and shift types.",
    prefixes: ["employees", "holiday-lists", "holiday-presets", "shift-types"],
  },
  {
    name: "Attendance",
    description: "Clocking in and out, attendance records and correction requests.",
    prefixes: [
      "users/me/clock",
      "users/me/attendance",
      "employees/[id]/clock",
      "employees/[id]/attendance",
      "attendance-requests",
    ],
  },
  { name: "Files", description: "Files in the storage buckets: upload, list, download, delete.", prefixes: ["files"] },
  { name: "Mail", description: "The mail outbox and the email templates.", prefixes: ["mail"] },
  { name: "Audit", description: "The audit trail.", prefixes: ["audit-logs", "audit"] },
  { name: "Jobs", description: "Background jobs: list them and run one now.", prefixes: ["jobs"] },
  { name: "Reference", description: "This document.", prefixes: ["openapi.json"] },
];

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replace(/-/g, " ");

function tagOf(folder: string): string {
  const match = TAGS.flatMap((tag) =>
    tag.prefixes.filter((prefix) => folder.startsWith(prefix)).map((prefix) => ({ tag, prefix })),
  ).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return match ? match.tag.name : capitalized(folder.split("/")[0] ?? "api");
}

/** `members/[id]/subscriptions` → `/api/members/{id}/subscriptions`. Catch-all folders have no OpenAPI path. */
export function openApiPath(folder: string): string {
  const segments = folder
    .split("/")
    .filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment))
    .map((segment) => {
      if (/^\[\[?\.\.\./.test(segment))
        throw new Error(`app/api/${folder}: a catch-all route has no OpenAPI path; exclude it with a reason.`);
      return segment.replace(/^\[(.+)\]$/, "{$1}");
    });
  return `/api/${segments.join("/")}`;
}

const pathParametersOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

function operationIdOf(method: HttpMethod, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `By${capitalized(parameter[1] as string)}` : segment.split(/[-.]/).map(capitalized).join("");
    });
  return `${method.toLowerCase()}${words.join("")}`;
}

const ref = (kind: "schemas" | "responses" | "headers", name: string) => ({ $ref: `#/components/${kind}/${name}` });
const problemContent = { "application/problem+json": { schema: ref("schemas", "ProblemDetails") } };

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: the request is taken; the outcome is not told (no enumeration).",
  204: "Done; no body.",
};

/**
 * A page of `item`s: the `Page` component with typed items. A page of a named item is named too (`MemberListItemPage`),
 * left in `$defs` like zod's named schemas so that withNamedSchemas makes it the component every list of it refers to.
 */
/** A page of `items`: the `Page` component's totals and the items, required like them; named after its item. */
function pageSchema(item: z.ZodType): JsonSchema {
  const page = {
    allOf: [
      ref("schemas", "Page"),
      {
        type: "object",
        required: ["items"],
        properties: { items: { type: "array", items: jsonSchemaOf(item, "output") } },
      },
    ],
  };
  const itemName = z.globalRegistry.get(item)?.id;
  return itemName ? { $ref: `#/$defs/${itemName}Page`, $defs: { [`${itemName}Page`]: page } } : page;
}

const isPaginated = (query: z.ZodType | undefined) =>
  query !== undefined &&
  ["pageNumber", "pageSize"].every((name) => name in objectPropertiesOf(query, "input").properties);

function successResponse(declaration: RouteDeclaration): [string, Record<string, unknown>] {
  const documented = declaration.response;
  const status = documented?.status ?? declaration.successStatus ?? 200;
  const description = documented?.description ?? SUCCESS_DESCRIPTIONS[status] ?? "Success";
  if (status === 204) return [String(status), { description }];
  const item = documented?.schema ? pageItemOf(documented.schema) : undefined;
  const schema = item
    ? pageSchema(item)
    : documented?.schema
      ? jsonSchemaOf(documented.schema, "output")
      : isPaginated(declaration.query)
        ? pageSchema(z.unknown())
        : undefined;
  const contentType = documented?.contentType ?? "application/json";
  const headers = declaration.location ? { Location: locationHeader(declaration.location) } : undefined;
  const content =
    typeof contentType === "string" && schema ? { [contentType]: { schema } } : fileContent([contentType].flat());
  return [String(status), { description, ...(headers && { headers }), content }];
}

/** Examples named by code, so the reference lists every code a status can carry. */
function errorExamples(
  errors: readonly BusinessError[],
): Record<string, { summary: string; value: { code: string; message: string } }> {
  const examples: Record<string, { summary: string; value: { code: string; message: string } }> = {};
  for (const error of errors) {
    let key = error.code;
    for (let n = 2; key in examples; n += 1) key = `${error.code} (${n})`;
    examples[key] = { summary: error.message, value: { code: error.code, message: error.message } };
  }
  return examples;
}

const apiErrorContent = (errors: readonly BusinessError[]) => ({
  "application/json": { schema: ref("schemas", "ApiError"), examples: errorExamples(errors) },
});

const describeCodes = (errors: readonly BusinessError[]) =>
  [...new Set(errors.map((error) => `\`${error.code}\``))].join(", ");

const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
};

const locationHeader = (template: string) => ({
  description: `The created resource: \`${template}\`, filled from the answer's fields.`,
  schema: { type: "string", format: "uri-reference" },
});

/** Headers every answer (or every 401) carries: docs/api.md, HTTP details. */
const COMMON_HEADERS = {
  TraceId: {
    description:
      "The request's W3C trace id (from its `traceparent`, or new): on every answer, so support can find its logs.",
    schema: { type: "string", pattern: "^[0-9a-f]{32}$" },
  },
  WwwAuthenticate: {
    description:
      'RFC 6750 challenge: `Bearer error="invalid_token"` when the bearer token sent was refused, else `Bearer`.',
    schema: { type: "string" },
  },
};

/** Adds the trace id header to every answer, and the Bearer challenge to a 401's. */
function withCommonHeaders(responses: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (typeof response !== "object" || response === null || "$ref" in response) return [status, response];
      const { headers, ...rest } = response as { headers?: Record<string, unknown> };
      const challenge = status === "401" ? { "WWW-Authenticate": ref("headers", "WwwAuthenticate") } : {};
      return [status, { ...rest, headers: { ...headers, ...challenge, "X-Trace-Id": ref("headers", "TraceId") } }];
    }),
  );
}

const UNAUTHENTICATED = [AuthErrors.missingToken, AuthErrors.invalidToken, AuthErrors.tokenRevoked];
const UNAUTHORIZED = [AuthErrors.forbidden, AuthErrors.passwordChangeRequired];

/** Every answer but the success: the wrapper's own (validation, auth, rate limit, 5xx) and the route's business errors. */
function errorResponses(declaration: RouteDeclaration, path: string): Record<string, unknown> {
  const byStatus = new Map<number, BusinessError[]>();
  for (const error of declaration.errors ?? [])
    byStatus.set(statusOfError(error), [...(byStatus.get(statusOfError(error)) ?? []), error]);
  const listed = (status: number) => byStatus.get(status) ?? [];
  const responses: Record<string, unknown> = {};

  const validates = Boolean(declaration.params || declaration.query || declaration.body);
  if (listed(400).length > 0) {
    responses["400"] = {
      description: `Invalid input (problem details with \`errors\`), or refused by a rule: ${describeCodes(listed(400))}.`,
      content: {
        "application/problem+json": { schema: ref("schemas", "ValidationProblem") },
        ...apiErrorContent(listed(400)),
      },
    };
  } else if (validates) responses["400"] = ref("responses", "ValidationFailed");

  if (declaration.access || listed(401).length > 0) {
    const errors = [...(declaration.access ? UNAUTHENTICATED : []), ...listed(401)];
    responses["401"] =
      listed(401).length === 0
        ? ref("responses", "Unauthenticated")
        : { description: `Not signed in, or refused: ${describeCodes(errors)}.`, content: apiErrorContent(errors) };
  }
  const checksPermission = declaration.access !== undefined && declaration.access !== "authenticated";
  if (checksPermission || listed(403).length > 0) {
    const errors = [...(checksPermission ? UNAUTHORIZED : []), ...listed(403)];
    responses["403"] =
      listed(403).length === 0
        ? ref("responses", "Forbidden")
        : { description: `Refused: ${describeCodes(errors)}.`, content: apiErrorContent(errors) };
  }
  if (listed(404).length > 0) {
    responses["404"] = {
      description: `Not found: ${describeCodes(listed(404))}.`,
      content: apiErrorContent(listed(404)),
    };
  } else if (pathParametersOf(path).length > 0) {
    responses["404"] = {
      description: "Nothing has that id.",
      content: { "application/json": { schema: ref("schemas", "ApiError") } },
    };
  }
  if (listed(409).length > 0) {
    responses["409"] = {
      description: `Conflict: ${describeCodes(listed(409))}.`,
      content: apiErrorContent(listed(409)),
    };
  }
  if (declaration.body) {
    responses["413"] = ref("responses", "TooLarge");
    responses["415"] = ref("responses", "NotJson");
  } else if (declaration.rawBody) Object.assign(responses, uploadRefusals);
  if (listed(429).length > 0) {
    const limits = declaration.rateLimit ? " (or over the per-client limit)" : "";
    responses["429"] = {
      description: `Too many attempts${limits}: ${describeCodes(listed(429))}.`,
      headers: RETRY_AFTER,
      content: apiErrorContent(listed(429)),
    };
  } else if (declaration.rateLimit) responses["429"] = ref("responses", "RateLimited");
  responses["500"] = ref("responses", "InternalError");
  responses["503"] = ref("responses", "Unavailable");
  responses["504"] = ref("responses", "Timeout");
  return responses;
}

/** `members/{id}` → "The member's id.": what a path parameter names, unless its schema says. */
function pathParameterDescription(path: string, name: string): string {
  const segments = path.split("/");
  const owner = segments[segments.indexOf(`{${name}}`) - 1] ?? "resource";
  const singular = owner.replace(/-/g, " ").replace(/s$/, "");
  return `The ${singular}'s ${name === "sid" ? "id" : name}.`;
}

/**
 * A query value is text: a filter the server reads from exactly `true` or `false` is a boolean parameter, which
 * generated clients serialize as those words.
 */
function asQueryParameterSchema(schema: JsonSchema): JsonSchema {
  const { enum: values, type: _string, ...rest } = schema;
  const isBoolean = Array.isArray(values) && values.length === 2 && ["true", "false"].every((v) => values.includes(v));
  return isBoolean ? { type: "boolean", ...rest } : schema;
}

/** A parameter object: the schema's description and first example move up to the parameter, where tools show them. */
function parameter(name: string, location: "path" | "query", required: boolean, schema: JsonSchema, fallback?: string) {
  const { description = fallback, examples, ...rest } = schema;
  const example = Array.isArray(examples) ? examples[0] : undefined;
  return {
    name,
    in: location,
    required,
    ...(description !== undefined ? { description } : {}),
    schema: rest,
    ...(example !== undefined ? { example } : {}),
  };
}

function parametersOf(declaration: RouteDeclaration, path: string): Record<string, unknown>[] {
  const pathProperties = declaration.params ? objectPropertiesOf(declaration.params, "input").properties : {};
  const inPath = pathParametersOf(path).map((name) =>
    parameter(name, "path", true, pathProperties[name] ?? { type: "string" }, pathParameterDescription(path, name)),
  );
  const query = declaration.query ? objectPropertiesOf(declaration.query, "input") : { properties: {}, required: [] };
  const inQuery = Object.entries(query.properties).map(([name, schema]) =>
    parameter(name, "query", query.required.includes(name), asQueryParameterSchema(schema)),
  );
  const inHeaders = (declaration.requestHeaders ?? []).map(({ name, required, description, example }) => ({
    name,
    in: "header",
    required,
    description,
    schema: { type: "string" },
    example,
  }));
  return [...inPath, ...inQuery, ...inHeaders];
}

const RATE_LIMITS = {
  setup: "`RATE_LIMIT_SETUP_PER_MINUTE` (default 10)",
  auth: "`RATE_LIMIT_AUTH_PER_MINUTE` (default 20)",
  refresh: "`RATE_LIMIT_REFRESH_PER_MINUTE` (default 120)",
} as const;

function accessNote(declaration: RouteDeclaration): string {
  const who =
    declaration.access === undefined
      ? "**Access:** public."
      : declaration.access === "authenticated"
        ? "**Access:** any signed-in user (bearer token)."
        : `**Access:** bearer token of a user holding \`${declaration.access}\`.`;
  const limit = declaration.rateLimit
    ? ` **Rate limit:** ${RATE_LIMITS[declaration.rateLimit]} requests per client IP per minute (\`${declaration.rateLimit}\`).`
    : "";
  return who + limit;
}

function operationOf(method: HttpMethod, path: string, folder: string, declaration: RouteDeclaration): Operation {
  const parameters = [...parametersOf(declaration, path), ...conditionalParameters(method, declaration)];
  const [successStatus, success] = successResponse(declaration);
  return {
    operationId: operationIdOf(method, path),
    summary: declaration.summary ?? `${method} ${path}`,
    description: [declaration.description, accessNote(declaration)].filter(Boolean).join("\n\n"),
    tags: declaration.tags ? [...declaration.tags] : [tagOf(folder)],
    ...(declaration.access ? { security: [{ bearerAuth: [] }], "x-permission": declaration.access } : { security: [] }),
    ...(declaration.rateLimit ? { "x-rate-limit": declaration.rateLimit } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(declaration.body
      ? {
          requestBody: {
            // A body schema that accepts nothing at all (`.optional()`, `.default({})`) makes the body optional.
            required: !declaration.body.safeParse(undefined).success,
            content: { "application/json": { schema: jsonSchemaOf(declaration.body, "input") } },
          },
        }
      : {}),
    ...(declaration.rawBody
      ? {
          requestBody: {
            required: true,
            ...(declaration.rawBody.description ? { description: declaration.rawBody.description } : {}),
            content: fileContent(declaration.rawBody.contentTypes ?? ["application/octet-stream"]),
          },
        }
      : {}),
    responses: withCommonHeaders({
      [successStatus]: withEntityTagHeader(declaration, success),
      ...errorResponses(declaration, path),
      ...conditionalResponses(method, declaration),
    }),
  };
}

/** The `Page` component: the totals, open to the `items` each list adds beside them (allOf). */
function pageTotals(): JsonSchema {
  const { additionalProperties: _closed, ...totals } = jsonSchemaOf(pageTotalsShape, "output");
  return totals;
}

function components(): OpenApiDocument["components"] {
  return {
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "JWT",
        description:
          "The `accessToken` of a login response (POST /api/auth/login); it lives ACCESS_TOKEN_TTL_SECONDS (default 900 s).",
      },
    },
    parameters: idempotencyComponents.parameters,
    schemas: {
      ApiError: jsonSchemaOf(apiErrorShape, "output"),
      ProblemDetails: jsonSchemaOf(problemDetailsShape, "output"),
      ValidationProblem: jsonSchemaOf(validationProblemShape, "output"),
      Page: pageTotals(),
    },
    headers: { ...COMMON_HEADERS, ...idempotencyComponents.headers },
    responses: withCommonHeaders({
      ValidationFailed: {
        description: "Invalid input: problem details whose `errors` name each field and its messages.",
        content: { "application/problem+json": { schema: ref("schemas", "ValidationProblem") } },
      },
      Unauthenticated: {
        description: `No valid bearer token: ${describeCodes(UNAUTHENTICATED)}. Only after \`Auth.InvalidToken\` is a refresh worth trying.`,
        headers: { "WWW-Authenticate": ref("headers", "WwwAuthenticate") },
        content: apiErrorContent(UNAUTHENTICATED),
      },
      Forbidden: {
        description: `Signed in without the permission, or a temporary password still to change: ${describeCodes(UNAUTHORIZED)}.`,
        content: apiErrorContent(UNAUTHORIZED),
      },
      TooLarge: { description: `The JSON body is over ${MAX_JSON_BODY_BYTES} bytes.`, content: problemContent },
      NotJson: {
        description:
          "The body is not declared as JSON: send `Content-Type: application/json` (or a `+json` type). Nothing is changed.",
        content: problemContent,
      },
      RateLimited: {
        description: "Over the per-client-address limit for this endpoint (`RateLimit.Exceeded`).",
        headers: RETRY_AFTER,
        content: apiErrorContent([
          { code: "RateLimit.Exceeded", kind: "rate_limited", message: "Too many requests. Try again in 42 seconds." },
        ]),
      },
      InternalError: {
        description: "An unexpected failure; the body never holds the exception's message.",
        content: problemContent,
      },
      Unavailable: { description: "A dependency (database, cache, storage…) is unavailable.", content: problemContent },
      Timeout: { description: "A dependency did not answer in time.", content: problemContent },
      ...idempotencyComponents.responses,
    }),
  };
}

const DESCRIPTION = [
  "The ClubOps HTTP API: the browser console and the mobile apps use the same endpoints.",
  "",
  "Bodies are JSON with camelCase names. Business refusals answer `{code, message}`; invalid input answers RFC 9457 problem",
  "details with `errors`; unexpected failures answer problem details with a `traceId`. Send a W3C `traceparent` header to join",
  "your trace; every answer carries its trace id in `X-Trace-Id`. Protected endpoints take `Authorization: Bearer <accessToken>`;",
  "their 401 answers carry `WWW-Authenticate: Bearer`, and all their answers `Cache-Control: no-store` unless one sets its own.",
  "A 201 names what it created in `Location`. A method a path does not",
  "offer answers 405 problem details with `Allow`; OPTIONS answers 204 with `Allow`; HEAD is allowed wherever GET is.",
  "",
  "Versioning: `/api` is version 1 and changes only by additions; `info.version` is the release. A breaking change gets a new",
  "prefix, and the old one answers with `Deprecation` and `Sunset` headers until it is removed (docs/api.md, Versioning).",
  "",
  "Generated from the zod schemas the handlers validate with (see docs/api.md, API reference).",
].join("\n");

/**
 * Relative first: a client that read the document from a host calls that host, whatever APP_URL says (its default
 * is a development address). The paths carry `/api`, so a server is an origin.
 */
function serversOf(publicUrl: string | undefined): OpenApiDocument["servers"] {
  const relative = { url: "/", description: "The origin this document was served from." };
  if (!publicUrl) return [relative];
  return [relative, { url: publicUrl.replace(/\/+$/, ""), description: "The deployment's public URL (APP_URL)." }];
}

/**
 * The OpenAPI 3.1 document of the given route modules: one operation per exported method, described by the
 * declaration route() recorded. A method handler that was not made by route() is an error, so nothing is silently
 * missing: describe it through route() or leave its module out with a reason (app/api/openapi.json/registry.ts).
 * `examples` (by `METHOD /api/path`) illustrate the JSON request and success bodies; `publicUrl` (APP_URL) is listed
 * as a server after the origin the document was read from.
 */
export function buildOpenApiDocument(
  modules: RouteModules,
  version: string,
  { examples = {}, publicUrl }: { examples?: ExamplesByOperation; publicUrl?: string } = {},
): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const usedTags = new Set<string>();
  for (const folder of Object.keys(modules).sort()) {
    const path = openApiPath(folder);
    const module = modules[folder] as RouteModule;
    for (const method of implementedMethods(module)) {
      const handler = module[method];
      const declaration = routeDeclaration(handler);
      if (!declaration)
        throw new Error(
          `${method} ${path} (app/api/${folder}/route.ts) is not made by route(), so it cannot be described.`,
        );
      const described = withStoredFileAnswers(declaration, operationOf(method, path, folder, declaration));
      const operation = withExamples(withIdempotencyKey(method, declaration, described), examples[`${method} ${path}`]);
      for (const tag of operation.tags as string[]) usedTags.add(tag);
      paths[path] = { ...paths[path], [method.toLowerCase() as Lowercase<HttpMethod>]: operation };
    }
  }
  const known = TAGS.filter((tag) => usedTags.has(tag.name)).map(({ name, description }) => ({ name, description }));
  const others = [...usedTags]
    .filter((name) => !TAGS.some((tag) => tag.name === name))
    .sort()
    .map((name) => ({ name, description: "" }));
  return withNamedSchemas({
    openapi: "3.1.1",
    info: { title: "ClubOps API", version, description: DESCRIPTION },
    servers: serversOf(publicUrl),
    tags: [...known, ...others],
    paths,
    components: components(),
  });
}
