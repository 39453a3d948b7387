import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { booleanFilter } from "@/lib/platform/http/params";
import { pageOf } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";
import { businessError, ok } from "@/lib/platform/result";
import { buildOpenApiDocument, openApiPath } from "./document";
import type { OperationObject, ParameterObject, ResponseObject } from "./explore";

const answer = async () => ok({});
const widgetErrors = {
  notFound: businessError("Widget.NotFound", "not_found", "No widget has that id."),
  taken: businessError("Widget.NameTaken", "conflict", "Another widget has that name."),
  inUse: businessError("Widget.InUse", "conflict", "The widget is in use."),
};
const widget = z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() });

const modules = {
  widgets: {
    dynamic: "force-dynamic",
    GET: route(
      { access: "plans:read", query: paginationQuery(["name", "createdAt"], "name"), summary: "List widgets" },
      answer,
    ),
    POST: route(
      {
        access: "plans:write",
        body: z.object({ name: z.string().trim().min(1), size: z.coerce.number().int().default(1) }),
        successStatus: 201,
        location: "/api/widgets/{id}",
        response: { schema: widget },
        errors: [widgetErrors.taken],
      },
      answer,
    ),
  },
  "widgets/[id]": {
    GET: route(
      { access: "authenticated", params: z.object({ id: z.uuid() }), response: { schema: pageOf(widget) } },
      answer,
    ),
    DELETE: route(
      {
        access: "plans:delete",
        params: z.object({ id: z.uuid() }),
        response: { status: 204 },
        errors: [widgetErrors.notFound, widgetErrors.inUse, widgetErrors.taken],
      },
      answer,
    ),
  },
  "widgets/[id]/picture": {
    PUT: route(
      {
        access: "plans:write",
        params: z.object({ id: z.uuid() }),
        rawBody: { contentTypes: ["image/png", "image/jpeg"], description: "The picture." },
      },
      answer,
    ),
  },
  "widgets/login": {
    POST: route(
      { rateLimit: "auth", body: z.object({ refreshToken: z.string().optional() }).default({}), tags: ["Sessions"] },
      answer,
    ),
  },
};

const document = buildOpenApiDocument(modules, "1.2.3");
const operation = (path: string, method: string) => document.paths[path]?.[method as "get"] as OperationObject;
/** An operation's answer with a status, which the generator writes in place (references only for shared ones). */
const response = (path: string, method: string, status: string) =>
  operation(path, method).responses[status] as ResponseObject;
const jsonSchema = (answer: ResponseObject) => answer.content?.["application/json"]?.schema;

describe("buildOpenApiDocument", () => {
  it("writes a valid OpenAPI 3.1 document", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(document.openapi).toBe("3.1.1");
    expect(document.info.version).toBe("1.2.3");
  });

  it("maps folders to paths and exported methods to operations", () => {
    expect(Object.keys(document.paths)).toEqual([
      "/api/widgets",
      "/api/widgets/{id}",
      "/api/widgets/{id}/picture",
      "/api/widgets/login",
    ]);
    expect(Object.keys(document.paths["/api/widgets"] ?? {})).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/widgets/{id}"] ?? {})).toEqual(["get", "delete"]);
    expect(operation("/api/widgets/{id}", "delete").operationId).toBe("deleteWidgetsById");
  });

  it("states the permission, as security and as x-permission", () => {
    const list = operation("/api/widgets", "get");
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(list["x-permission"]).toBe("plans:read");
    expect(list.description).toContain("`plans:read`");
    expect(list.responses).toMatchObject({
      "401": { $ref: "#/components/responses/Unauthenticated" },
      "403": { $ref: "#/components/responses/Forbidden" },
    });
    const own = operation("/api/widgets/{id}", "get");
    expect(own["x-permission"]).toBe("authenticated");
    expect(own.responses["403"]).toBeUndefined();
    const login = operation("/api/widgets/login", "post");
    expect(login.security).toEqual([]);
    expect(login.responses["401"]).toBeUndefined();
    expect(login.responses["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
    expect(login["x-rate-limit"]).toBe("auth");
  });

  it("takes query parameters from the query schema as the request reads it", () => {
    const parameters = operation("/api/widgets", "get").parameters as ParameterObject[];
    expect(parameters.map((parameter) => [parameter.name, parameter.in, parameter.required])).toEqual([
      ["pageNumber", "query", false],
      ["pageSize", "query", false],
      ["orderBy", "query", false],
      ["orderDirection", "query", false],
    ]);
    expect(parameters[1]?.schema).toEqual({ default: 20, type: "integer", minimum: 1, maximum: 100 });
    expect(parameters[2]?.schema).toMatchObject({ enum: ["name", "createdAt"], default: "name" });
  });

  it("takes path parameters from the params schema, described by what the path names", () => {
    const [id] = operation("/api/widgets/{id}", "get").parameters as [ParameterObject];
    expect(id).toMatchObject({ name: "id", in: "path", required: true, description: "The widget's id." });
    // z.uuid() refuses ids the format allows (versions 0 and 9–f, other variants): its pattern says so.
    const pattern = new RegExp((id.schema as { pattern: string }).pattern);
    expect(id.schema).toMatchObject({ type: "string", format: "uuid" });
    expect(pattern.test("4b9f5b2e-3c1e-4a55-9d0a-1f6f2f5c9a10")).toBe(true);
    expect(pattern.test("4b9f5b2e-3c1e-0a55-9d0a-1f6f2f5c9a10")).toBe(false);
  });

  it("types a true/false query filter as boolean, and moves a field's description and example to its parameter", () => {
    const filtered = buildOpenApiDocument(
      {
        things: {
          GET: route(
            {
              query: z.object({
                isActive: booleanFilter.meta({ description: "Only active things." }),
                q: z
                  .string()
                  .optional()
                  .meta({ description: "Text.", examples: ["ana"] }),
              }),
            },
            answer,
          ),
        },
      },
      "1.0.0",
    );
    expect(filtered.paths["/api/things"]?.get?.parameters).toEqual([
      {
        name: "isActive",
        in: "query",
        required: false,
        description: "Only active things.",
        schema: { type: "boolean" },
      },
      { name: "q", in: "query", required: false, description: "Text.", schema: { type: "string" }, example: "ana" },
    ]);
  });

  it("describes the body as input: defaults are optional; a body that may be absent is not required", () => {
    const body = operation("/api/widgets", "post").requestBody;
    expect(body?.required).toBe(true);
    expect(body?.content["application/json"]?.schema).toMatchObject({
      required: ["name"],
      properties: { size: { default: 1, type: "integer" } },
    });
    expect(operation("/api/widgets/login", "post").requestBody?.required).toBe(false);
  });

  it("describes a streamed file body as bytes in its media types, refused over the limit or as JSON", () => {
    const upload = operation("/api/widgets/{id}/picture", "put");
    const bytes = { schema: { type: "string", format: "binary" } };
    expect(upload.requestBody).toEqual({
      required: true,
      description: "The picture.",
      content: { "image/png": bytes, "image/jpeg": bytes },
    });
    expect(response("/api/widgets/{id}/picture", "put", "413").description).toMatch(/size limit/);
    expect(response("/api/widgets/{id}/picture", "put", "415").description).toMatch(/declared as JSON/);
  });

  it("describes a stored file's download: its types as bytes, Range and If-None-Match, 206, 304 and 416", () => {
    const download = route(
      { access: "files:read", response: { contentType: ["image/png", "image/gif"], storedFile: true } },
      answer,
    );
    const exported = route({ response: { contentType: "text/csv" } }, answer);
    const files = buildOpenApiDocument({ pictures: { GET: download }, export: { GET: exported } }, "1.0.0");
    const [read, csvExport] = [files.paths["/api/pictures"], files.paths["/api/export"]].map(
      (item) => item?.get as OperationObject,
    ) as [OperationObject, OperationObject];
    const answers = read.responses as Record<string, ResponseObject>;
    expect(answers["200"]?.content).toEqual({
      "image/png": { schema: { type: "string", format: "binary" } },
      "image/gif": { schema: { type: "string", format: "binary" } },
    });
    expect(Object.keys(answers["200"]?.headers ?? {})).toEqual(
      expect.arrayContaining(["ETag", "Content-Disposition", "Accept-Ranges", "Repr-Digest", "X-Trace-Id"]),
    );
    expect(answers["206"]?.headers).toHaveProperty("Content-Range");
    expect(answers["304"]?.content).toBeUndefined();
    expect(answers["416"]?.headers).toHaveProperty("Content-Range");
    expect((read.parameters as ParameterObject[]).map((parameter) => [parameter.name, parameter.in])).toEqual([
      ["Range", "header"],
      ["If-None-Match", "header"],
    ]);
    const csv = csvExport.responses["200"] as ResponseObject;
    expect(csv.content).toEqual({ "text/csv": { schema: { type: "string" } } });
    expect(csv.headers).not.toHaveProperty("ETag");
  });

  it("lists the origin it was read from as the first server, then the public URL when one is configured", () => {
    expect(document.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    const deployed = buildOpenApiDocument(modules, "1.0.0", { publicUrl: "https://club.example.org/" });
    expect(deployed.servers.map((server) => server.url)).toEqual(["/", "https://club.example.org"]);
  });

  it("answers the success status with the documented schema, the Page shape for lists", () => {
    expect(jsonSchema(response("/api/widgets", "post", "201"))).toMatchObject({
      type: "object",
      required: ["id", "name", "createdAt"],
    });
    expect(jsonSchema(response("/api/widgets", "get", "200"))?.allOf).toEqual([
      { $ref: "#/components/schemas/Page" },
      { type: "object", required: ["items"], properties: { items: { type: "array", items: {} } } },
    ]);
    const page = jsonSchema(response("/api/widgets/{id}", "get", "200"));
    expect(page?.allOf?.[0]).toEqual({ $ref: "#/components/schemas/Page" });
    expect(page?.allOf?.[1]?.properties?.items?.items).toMatchObject({ required: ["id", "name", "createdAt"] });
    expect(operation("/api/widgets/{id}", "delete").responses["204"]).toEqual({
      description: "Done; no body.",
      headers: {
        "X-Trace-Id": { $ref: "#/components/headers/TraceId" },
        "Idempotency-Replayed": { $ref: "#/components/headers/Idempotency-Replayed" },
      },
    });
  });

  it("describes a named schema once, as a component every use refers to, and names the page of a named item", () => {
    const gadget = z.object({ id: z.uuid(), part: z.object({ name: z.string() }).meta({ id: "GadgetPart" }) });
    const named = gadget.meta({ id: "Gadget" });
    const answerWith = (schema: z.ZodType) => route({ response: { schema } }, answer);
    const withNames = buildOpenApiDocument(
      { gadgets: { GET: answerWith(pageOf(named)) }, "gadgets/[id]": { GET: answerWith(named.nullable()) } },
      "1.0.0",
    );
    const success = (path: string) => {
      const read = withNames.paths[path]?.get as OperationObject | undefined;
      return read && jsonSchema(read.responses["200"] as ResponseObject);
    };
    expect(success("/api/gadgets")).toEqual({ $ref: "#/components/schemas/GadgetPage" });
    expect(success("/api/gadgets/{id}")).toEqual({
      anyOf: [{ $ref: "#/components/schemas/Gadget" }, { type: "null" }],
    });
    const schemas = withNames.components.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(["Gadget", "GadgetPage", "GadgetPart"]));
    expect(schemas.Gadget).toMatchObject({ properties: { part: { $ref: "#/components/schemas/GadgetPart" } } });
    expect(JSON.stringify(withNames)).not.toContain("$defs");
  });

  it("shows an operation's recorded exchange as the example of its JSON request body and success answer", () => {
    const exchange = { source: "a.int.test.ts", request: { name: "Dial" }, response: { id: "x", name: "Dial" } };
    const illustrated = buildOpenApiDocument(modules, "1.0.0", { examples: { "POST /api/widgets": exchange } });
    const create = illustrated.paths["/api/widgets"]?.post as OperationObject & {
      requestBody: { content: Record<string, { example?: unknown }> };
    };
    expect(create.requestBody.content["application/json"]?.example).toEqual(exchange.request);
    expect((create.responses["201"] as ResponseObject).content?.["application/json"]).toMatchObject({
      example: exchange.response,
    });
    expect(JSON.stringify(illustrated.paths["/api/widgets"]?.get)).not.toContain("example");
  });

  it("refuses one name for two different shapes", () => {
    const input = z.object({ size: z.number().default(1) }).meta({ id: "Sized" });
    const twice = route({ body: input, response: { schema: input } }, answer);
    expect(() => buildOpenApiDocument({ sized: { POST: twice } }, "1.0.0")).toThrow(/named "Sized"/);
  });

  it("documents a 201's Location, every answer's trace id and a 401's Bearer challenge", () => {
    expect(response("/api/widgets", "post", "201").headers).toEqual({
      Location: {
        description: "The created resource: `/api/widgets/{id}`, filled from the answer's fields.",
        schema: { type: "string", format: "uri-reference" },
      },
      "X-Trace-Id": { $ref: "#/components/headers/TraceId" },
      "Idempotency-Replayed": { $ref: "#/components/headers/Idempotency-Replayed" },
    });
    for (const answer of Object.values(operation("/api/widgets", "post").responses))
      if (!("$ref" in answer)) expect(answer.headers).toHaveProperty("X-Trace-Id");
    const unauthenticated = document.components.responses?.Unauthenticated as ResponseObject;
    expect(Object.keys(unauthenticated.headers ?? {})).toEqual(["WWW-Authenticate", "X-Trace-Id"]);
  });

  it("leaves out the 405 answers a module exports for the methods it lacks", () => {
    const GET = route({ summary: "Read" }, answer);
    const withOthers = buildOpenApiDocument({ things: { GET, ...otherMethods({ GET }) } }, "1.0.0");
    expect(Object.keys(withOthers.paths["/api/things"] ?? {})).toEqual(["get"]);
  });

  it("lists the route's business errors under their statuses, with one example per code", () => {
    const conflict = response("/api/widgets/{id}", "delete", "409");
    expect(Object.keys(conflict.content?.["application/json"]?.examples ?? {})).toEqual([
      "Widget.InUse",
      "Widget.NameTaken",
    ]);
    expect(response("/api/widgets/{id}", "delete", "404").description).toContain("`Widget.NotFound`");
    expect(response("/api/widgets/{id}", "get", "404").description).toBe("Nothing has that id.");
  });

  it("answers every operation's exceptions with problem details", () => {
    for (const methods of Object.values(document.paths))
      for (const op of Object.values(methods))
        expect(Object.keys((op as { responses: object }).responses)).toEqual(
          expect.arrayContaining(["500", "503", "504"]),
        );
    expect(operation("/api/widgets", "post").responses["413"]).toEqual({ $ref: "#/components/responses/TooLarge" });
    expect(operation("/api/widgets", "get").responses["413"]).toBeUndefined();
  });

  it("declares 415 on every operation with a JSON body, and only there", () => {
    expect(operation("/api/widgets", "post").responses["415"]).toEqual({ $ref: "#/components/responses/NotJson" });
    expect(operation("/api/widgets", "get").responses["415"]).toBeUndefined();
    expect(document.components.responses).toMatchObject({
      NotJson: { description: expect.stringContaining("application/json") },
    });
  });

  it("groups by the declared tags, else by the first path segment", () => {
    expect(operation("/api/widgets/login", "post").tags).toEqual(["Sessions"]);
    expect(operation("/api/widgets", "get").tags).toEqual(["Widgets"]);
    expect(operation("/api/widgets", "get").summary).toBe("List widgets");
    expect(operation("/api/widgets", "post").summary).toBe("POST /api/widgets");
  });

  it("documents Idempotency-Key on signed-in changes only, with its 409, 422 and replay marker", () => {
    const keyed = ["/api/widgets post", "/api/widgets/{id} delete", "/api/widgets/{id}/picture put"];
    for (const [path, method] of keyed.map((entry) => entry.split(" ") as [string, string])) {
      expect(operation(path, method).parameters).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
      expect(operation(path, method).responses["422"]).toEqual({
        $ref: "#/components/responses/IdempotencyKeyReused",
      });
    }
    expect(operation("/api/widgets/{id}/picture", "put").responses["409"]).toEqual({
      $ref: "#/components/responses/IdempotencyKeyInProgress",
    });
    expect(response("/api/widgets", "post", "201").headers).toMatchObject({
      "Idempotency-Replayed": { $ref: "#/components/headers/Idempotency-Replayed" },
    });
    // A business conflict keeps its examples; the in-progress answer is added beside it.
    const conflict = response("/api/widgets/{id}", "delete", "409");
    expect(Object.keys(conflict.content ?? {})).toEqual(["application/json", "application/problem+json"]);
    expect(conflict.description).toMatch(/`Widget.InUse`.*still running/);
    for (const [path, method] of [
      ["/api/widgets", "get"],
      ["/api/widgets/login", "post"],
    ] as const) {
      expect(JSON.stringify(operation(path, method))).not.toContain("Idempotency");
    }
  });

  it("refuses a handler that route() did not make, so nothing goes undescribed", () => {
    // biome-ignore lint/correctness/noComponentHookFactories: GET is a route handler, not a React component
    expect(() => buildOpenApiDocument({ raw: { GET: async () => new Response() } }, "1")).toThrow(
      /GET \/api\/raw .* not made by route\(\)/,
    );
  });
});

describe("openApiPath", () => {
  it.each([
    ["members", "/api/members"],
    ["members/[id]/subscriptions/[sid]/renew", "/api/members/{id}/subscriptions/{sid}/renew"],
    ["(group)/things/[name]", "/api/things/{name}"],
    ["openapi.json", "/api/openapi.json"],
  ])("%s → %s", (folder, path) => {
    expect(openApiPath(folder)).toBe(path);
  });

  it.each(["[...path]", "auth/[...nextauth]", "files/[[...key]]"])("has no path for the catch-all %s", (folder) => {
    expect(() => openApiPath(folder)).toThrow(/catch-all/);
  });
});
