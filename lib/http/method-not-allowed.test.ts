import { describe, expect, it } from "vitest";
import { ok } from "@/lib/platform/result";
import { isOtherMethodHandler, otherMethods } from "./method-not-allowed";
import { route } from "./route";

const context = { params: Promise.resolve({}) };
const GET = route({}, async () => ok({}));
const POST = route({}, async () => ok({}));

describe("otherMethods", () => {
  it("answers a method the module lacks with 405 problem details, Allow and the trace id", async () => {
    const { DELETE } = otherMethods({ GET, POST });
    const response = await DELETE(
      new Request("http://localhost/api/things", {
        method: "DELETE",
        headers: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" },
      }),
      context,
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    expect(response.headers.get("x-trace-id")).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    expect(await response.json()).toEqual({
      type: "https://tools.ietf.org/html/rfc9110#section-15.5.6",
      title: "The method is not allowed on this resource.",
      status: 405,
      instance: "DELETE /api/things",
      traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      detail: "DELETE is not allowed here; the allowed methods are GET, HEAD, OPTIONS, POST.",
    });
  });

  it("answers OPTIONS 204 with the module's own methods", async () => {
    const { OPTIONS } = otherMethods({ POST });
    const response = await OPTIONS(new Request("http://localhost/api/things", { method: "OPTIONS" }), context);
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("answers HEAD only where there is no GET (Next.js answers HEAD with GET's handler)", () => {
    expect(Object.keys(otherMethods({ POST })).sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "PUT"]);
    expect(Object.keys(otherMethods({ GET })).sort()).toEqual(["DELETE", "OPTIONS", "PATCH", "POST", "PUT"]);
  });

  it("marks its answers so the API reference tells them from operations", () => {
    const others = otherMethods({ GET });
    expect(isOtherMethodHandler(others.PUT)).toBe(true);
    expect(isOtherMethodHandler(others.OPTIONS)).toBe(true);
    expect(isOtherMethodHandler(GET)).toBe(false);
  });
});
