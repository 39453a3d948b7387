import "@/tests/support/isolated-env";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, refreshTokens } from "@/lib/platform/db/schema";
import { completeSetup, SUPER_ADMIN } from "@/tests/support/accounts";
import { randomIp } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as login } from "./login/route";

/**
 * Issue 13, item 12 (login CSRF): a foreign page can POST a form, text/plain or multipart body, or a typeless blob,
 * to the API without a CORS preflight. Signing the victim's browser in to the attacker's account that way must fail.
 */

let running: Platform;
const credentials = JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password });

/** A login as a browser sends it from another site: the attacker's credentials, whatever type the page can send. */
function postLogin(body: BodyInit, contentType?: string): Promise<Response> {
  const headers = new Headers({ "x-forwarded-for": randomIp(), origin: "https://evil.example" });
  if (contentType) headers.set("content-type", contentType);
  return login(new Request("http://localhost/api/auth/login", { method: "POST", headers, body }), {
    params: Promise.resolve({}),
  });
}

const sessionsStarted = async () => (await running.database.db.select({ n: count() }).from(refreshTokens))[0]!.n;
const loginsAudited = async () =>
  (await running.database.db.select({ n: count() }).from(auditOutbox).where(eq(auditOutbox.action, "auth.login")))[0]!
    .n;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  await completeSetup();
});
afterAll(stopPlatform);

describe("POST /api/auth/login accepts JSON only", () => {
  it.each([
    ["text/plain (what fetch sends for a string body)", () => postLogin(credentials, "text/plain;charset=UTF-8")],
    [
      "an HTML form",
      () =>
        postLogin(
          `email=${encodeURIComponent(SUPER_ADMIN.email)}&password=${encodeURIComponent(SUPER_ADMIN.password)}`,
          "application/x-www-form-urlencoded",
        ),
    ],
    [
      "multipart form data",
      () => {
        const form = new FormData();
        form.set("email", SUPER_ADMIN.email);
        form.set("password", SUPER_ADMIN.password);
        return postLogin(form);
      },
    ],
    ["a typeless blob (no Content-Type at all)", () => postLogin(new Blob([credentials]))],
  ])("refuses the right credentials sent as %s with 415 and starts no session", async (_kind, send) => {
    const [sessionsBefore, loginsBefore] = [await sessionsStarted(), await loginsAudited()];
    const response = await send();
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({
      type: "https://tools.ietf.org/html/rfc9110#section-15.5.16",
      title: "The request body must be JSON.",
      status: 415,
      detail: "Send the body with Content-Type: application/json.",
      instance: "POST /api/auth/login",
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionsStarted()).toBe(sessionsBefore);
    expect(await loginsAudited()).toBe(loginsBefore);
  });

  it.each(["application/json; charset=utf-8", "application/vnd.clubops+json"])(
    "signs in with a body sent as %s",
    async (contentType) => {
      const response = await postLogin(credentials, contentType);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ email: SUPER_ADMIN.email, role: "SuperAdmin" });
      expect(response.headers.getSetCookie()[0]).toMatch(/^clubops_refresh=/);
    },
  );
});
