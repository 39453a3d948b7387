import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DependencyTimeoutError, DependencyUnavailableError } from "@/lib/platform/errors";
import { businessError, fail, ok } from "@/lib/platform/result";
import { businessErrorResponse, MAX_JSON_BODY_BYTES, route, routeDeclaration, statusOfError } from "./route";

const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/widgets/7?verbose=true", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });

// The fixtures call no service: `withoutServices` keeps route() from starting the embedded platform in a unit test.
const createWidget = route(
  {
    withoutServices: true,
    params: z.object({ id: z.coerce.number().int() }),
    query: z.object({ verbose: z.enum(["true", "false"]).optional() }),
    body: z.object({ name: z.string().min(1), size: z.number().int().positive() }),
    successStatus: 201,
  },
  async ({ params, query, body }) =>
    body.name === "taken"
      ? fail(businessError("Widget.DuplicateName", "conflict", "A widget with this name already exists."))
      : ok({ id: params.id, verbose: query.verbose, ...body }),
);

const throwing = (error: unknown) => route({ withoutServices: true }, async () => Promise.reject(error));
const get = () => new Request("http://localhost/api/things", { method: "GET" });

describe("route", () => {
  it("passes parsed params, query and body and answers with the success status", async () => {
    const response = await createWidget(post(JSON.stringify({ name: "gear", size: 3 })), context({ id: "7" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 7, verbose: "true", name: "gear", size: 3 });
  });

  it("answers a success declared 204 with no body, and a failure as usual", async () => {
    const remove = route({ withoutServices: true, successStatus: 204 }, async ({ request }) =>
      request.url.endsWith("/gone")
        ? fail(businessError("Widget.NotFound", "not_found", "No such widget."))
        : ok(undefined),
    );
    const done = await remove(new Request("http://localhost/api/widgets/7", { method: "DELETE" }), context());
    expect(done.status).toBe(204);
    expect(await done.text()).toBe("");
    const missing = await remove(new Request("http://localhost/api/widgets/gone", { method: "DELETE" }), context());
    expect(missing.status).toBe(404);
  });

  it("maps a returned business error to its status and the compact body", async () => {
    const response = await createWidget(post(JSON.stringify({ name: "taken", size: 3 })), context({ id: "7" }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: "Widget.DuplicateName",
      message: "A widget with this name already exists.",
    });
  });

  it("answers invalid fields with validation problem details keyed by field", async () => {
    const response = await createWidget(post(JSON.stringify({ name: "", size: -1 })), context({ id: "7" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = await response.json();
    expect(problem).toMatchObject({
      status: 400,
      title: "One or more validation errors occurred.",
      instance: "POST /api/widgets/7",
    });
    expect(Object.keys(problem.errors).sort()).toEqual(["name", "size"]);
    expect(problem.traceId).toMatch(/^[\da-f]{32}$/);
  });

  it("answers a malformed JSON body with 400 problem details", async () => {
    const response = await createWidget(post("{not json"), context({ id: "7" }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ $: ["The request body is not valid JSON."] });
  });

  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["JSON listed after another type", "text/plain, application/json"],
    ["a near miss", "application/jsonp"],
  ])("answers a body sent as %s with 415 problem details, before the handler runs", async (_kind, contentType) => {
    let ran = false;
    const handler = route({ withoutServices: true, body: z.object({ name: z.string() }) }, async () => {
      ran = true;
      return ok({});
    });
    const response = await handler(post(JSON.stringify({ name: "gear" }), { "content-type": contentType }), context());
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      status: 415,
      title: "The request body must be JSON.",
      detail: expect.stringContaining("application/json"),
    });
    expect(ran).toBe(false);
  });

  it("answers a JSON body without any Content-Type with 415, and accepts no body without one", async () => {
    const typeless = new Request("http://localhost/api/widgets/7", {
      method: "POST",
      body: new TextEncoder().encode('{"name":"gear","size":3}'),
    });
    expect(typeless.headers.get("content-type")).toBeNull();
    expect((await createWidget(typeless, context({ id: "7" }))).status).toBe(415);
    const optional = route(
      { withoutServices: true, body: z.object({ name: z.string().optional() }).default({}) },
      async ({ body }) => ok(body),
    );
    const empty = await optional(new Request("http://localhost/api/widgets", { method: "POST" }), context());
    expect(empty.status).toBe(200);
  });

  it.each([
    "application/json; charset=utf-8",
    "Application/JSON",
    "application/merge-patch+json",
    "application/vnd.clubops+json; charset=utf-8",
  ])("accepts a body sent as %s", async (contentType) => {
    const response = await createWidget(
      post(JSON.stringify({ name: "gear", size: 3 }), { "content-type": contentType }),
      context({ id: "7" }),
    );
    expect(response.status).toBe(201);
  });

  it("validates path parameters", async () => {
    const response = await createWidget(post(JSON.stringify({ name: "gear", size: 3 })), context({ id: "seven" }));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors)).toEqual(["id"]);
  });

  it("refuses U+0000 and unpaired surrogates in a JSON body or a path parameter, which PostgreSQL cannot store, naming the field", async () => {
    const response = await createWidget(post(JSON.stringify({ name: "ge\u0000ar", size: 3 })), context({ id: "7" }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ name: ["Must not contain the NUL character (U+0000)."] });
    const lone = await createWidget(post('{"name": "ge\\ud800ar", "size": 3}'), context({ id: "7" }));
    expect((await lone.json()).errors).toEqual({
      name: ["Must be well-formed Unicode text (a \\ud800-\\udfff escape must be half of a pair)."],
    });
    const named = route({ withoutServices: true, params: z.object({ name: z.string() }) }, async ({ params }) =>
      ok(params),
    );
    expect((await named(get(), context({ name: "a\u0000" }))).status).toBe(400);
  });

  it("stops reading a streamed body without Content-Length once it passes the size limit", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/api/widgets/7", {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    expect((await createWidget(request, context({ id: "7" }))).status).toBe(413);
    expect(pulled).toBeLessThan(MAX_JSON_BODY_BYTES + 4 * chunk.length);
  });

  it("refuses a body over the size limit with 413", async () => {
    const huge = JSON.stringify({ name: "x".repeat(MAX_JSON_BODY_BYTES), size: 1 });
    const response = await createWidget(post(huge), context({ id: "7" }));
    expect(response.status).toBe(413);
  });

  it("continues the caller's trace", async () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const response = await createWidget(post("{", { traceparent }), context({ id: "7" }));
    expect((await response.json()).traceId).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
  });

  it.each([
    ["a database outage", new DependencyUnavailableError("database"), 503],
    ["a driver connection error", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), 503],
    ["a timeout", new DependencyTimeoutError("cache", 1000), 504],
    ["a bug", new Error("secret internals: password=hunter2"), 500],
  ])("maps %s to %d problem details without internals", async (_, error, status) => {
    const response = await throwing(error)(get(), context());
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(text).not.toMatch(/hunter2|ECONNREFUSED|stack|at .*\.ts/);
    expect(JSON.parse(text)).toMatchObject({
      status,
      instance: "GET /api/things",
      traceId: expect.stringMatching(/^[\da-f]{32}$/),
    });
  });

  it("answers a request the client abandoned with 499 and no body", async () => {
    const controller = new AbortController();
    const request = new Request("http://localhost/api/things", { signal: controller.signal });
    controller.abort();
    const response = await throwing(new Error("interrupted"))(request, context());
    expect(response.status).toBe(499);
    expect(await response.text()).toBe("");
  });
});

describe("route's answer headers", () => {
  it("puts the trace id on every answer: success, business error, problem details", async () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const answers = [
      await createWidget(post(JSON.stringify({ name: "gear", size: 3 }), { traceparent }), context({ id: "7" })),
      await createWidget(post(JSON.stringify({ name: "taken", size: 3 }), { traceparent }), context({ id: "7" })),
      await createWidget(post("{", { traceparent }), context({ id: "7" })),
      await throwing(new Error("boom"))(
        new Request("http://localhost/api/things", { headers: { traceparent } }),
        context(),
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 409, 400, 500]);
    for (const answer of answers) expect(answer.headers.get("x-trace-id")).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
  });

  it("names a created resource in Location, from its declared template and the answer's fields", async () => {
    const created = route(
      { withoutServices: true, successStatus: 201, location: "/api/widgets/{widget.id}/parts/{id}" },
      async () => ok({ id: "p 1", widget: { id: 7 } }),
    );
    const response = await created(get(), context());
    expect(response.headers.get("location")).toBe("/api/widgets/7/parts/p%201");
    const handBuilt = route({ withoutServices: true, location: "/api/users/{userId}" }, async () =>
      Response.json({ userId: "u1" }, { status: 201 }),
    );
    expect((await handBuilt(get(), context())).headers.get("location")).toBe("/api/users/u1");
    const refused = route({ withoutServices: true, location: "/api/users/{userId}" }, async () =>
      fail(businessError("User.Taken", "conflict", "Taken.")),
    );
    expect((await refused(get(), context())).headers.has("location")).toBe(false);
  });

  it("challenges a 401 with Bearer, invalid_token when the bearer token sent was refused (RFC 6750)", () => {
    const challenge = (code: string) =>
      businessErrorResponse(businessError(code, "unauthorized", "No.")).headers.get("www-authenticate");
    expect(challenge("Auth.MissingToken")).toBe("Bearer");
    expect(challenge("Auth.InvalidCredentials")).toBe("Bearer");
    expect(challenge("Auth.InvalidToken")).toBe('Bearer error="invalid_token"');
    expect(challenge("Auth.TokenRevoked")).toBe('Bearer error="invalid_token"');
    const forbidden = businessErrorResponse(businessError("Auth.Forbidden", "forbidden", "No."));
    expect(forbidden.headers.has("www-authenticate")).toBe(false);
  });
});

describe("routeDeclaration", () => {
  it("gives back the schemas a handler was made with, for the API reference", () => {
    const declaration = routeDeclaration(createWidget);
    expect(declaration?.successStatus).toBe(201);
    expect(declaration?.body?.safeParse({ name: "gear", size: 3 }).success).toBe(true);
  });

  it("knows nothing of a handler made otherwise", () => {
    expect(routeDeclaration(async () => new Response())).toBeUndefined();
    expect(routeDeclaration(undefined)).toBeUndefined();
  });

  it("documents without changing the answer", async () => {
    const documented = route(
      { withoutServices: true, summary: "Delete", response: { status: 204 }, errors: [] },
      async () => new Response(null, { status: 204 }),
    );
    expect((await documented(get(), context())).status).toBe(204);
    expect(routeDeclaration(documented)?.summary).toBe("Delete");
  });

  it("states a business error's status as the wrapper answers it", () => {
    expect(statusOfError(businessError("Widget.DuplicateName", "conflict", "Taken."))).toBe(409);
    expect(statusOfError(businessError("Widget.NotFound", "not_found", "None."))).toBe(404);
  });
});
