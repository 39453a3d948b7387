import "@/tests/support/isolated-env";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleProps, TEMPLATE_NAMES } from "@/emails/registry";
import { createRendererServer } from "@/emails/server";
import { loadConfig } from "@/lib/config";
import { logger } from "@/lib/platform/logger";
import { DependencyTimeoutError, DependencyUnavailableError } from "../errors";
import { createEmailRenderer, type EmailRenderer } from ".";
import { createHttpEmailRenderer } from "./http";

async function listenOnFreePort(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe("email renderer over HTTP", () => {
  let server: http.Server;
  let url: string;
  let remote: EmailRenderer;
  const local = createEmailRenderer(loadConfig({}));

  beforeAll(async () => {
    server = createRendererServer(logger);
    url = await listenOnFreePort(server);
    remote = createEmailRenderer(loadConfig({ EMAIL_RENDERER_URL: url }));
  });

  afterAll(async () => {
    await remote.close();
    await stop(server);
  });

  it("renders every template exactly as the in-process renderer does", async () => {
    expect([remote.kind, local.kind]).toEqual(["http", "in-process"]);
    for (const template of TEMPLATE_NAMES) {
      const overHttp = await remote.render(template, { ...sampleProps[template] });
      expect(overHttp.ok).toBe(true);
      expect(overHttp).toEqual(await local.render(template, { ...sampleProps[template] }));
    }
  });

  it("returns the renderer's refusals as business errors", async () => {
    expect(await remote.render("welcome", { memberName: "Ana" })).toMatchObject({
      ok: false,
      error: { code: "Email.InvalidProps", kind: "invalid" },
    });
    expect(await remote.render("invoice", {})).toMatchObject({
      ok: false,
      error: { code: "Email.UnknownTemplate", kind: "invalid" },
    });
    expect(await remote.render("welcome", { ...sampleProps.welcome, memberName: "x".repeat(300_000) })).toMatchObject({
      ok: false,
      error: { code: "Email.PayloadTooLarge", kind: "invalid" },
    });
  });

  it("speaks the HTTP contract", async () => {
    const health = await fetch(`${url}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: "Healthy" }]);
    await expect(remote.ping()).resolves.toBeUndefined();

    const badProps = await fetch(`${url}/render`, {
      method: "POST",
      body: JSON.stringify({ template: "password-reset", props: { name: "Ana" } }),
    });
    expect(badProps.status).toBe(400);
    expect(await badProps.json()).toMatchObject({ code: "Email.InvalidProps" });

    const notJson = await fetch(`${url}/render`, { method: "POST", body: "{template:" });
    expect([notJson.status, (await notJson.json()).code]).toEqual([400, "Email.InvalidRequest"]);

    const tooLarge = await fetch(`${url}/render`, { method: "POST", body: "x".repeat(300 * 1024) });
    expect(tooLarge.status).toBe(413);

    expect((await fetch(`${url}/render`)).status).toBe(404);
    expect((await fetch(`${url}/nowhere`, { method: "POST" })).status).toBe(404);
  });
});

describe("email renderer outages", () => {
  it("reports a dead URL as DependencyUnavailableError", async () => {
    const renderer = createEmailRenderer(loadConfig({ EMAIL_RENDERER_URL: "http://127.0.0.1:1" }));
    await expect(renderer.render("welcome", { ...sampleProps.welcome })).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    await expect(renderer.ping()).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it("reports a renderer that never answers as DependencyTimeoutError", async () => {
    const silent = http.createServer(() => {});
    const renderer = createHttpEmailRenderer({ url: await listenOnFreePort(silent), timeoutMs: 200 });
    try {
      const started = performance.now();
      await expect(renderer.ping()).rejects.toBeInstanceOf(DependencyTimeoutError);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await stop(silent);
    }
  });
});
