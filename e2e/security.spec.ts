import type { APIResponse, Page } from "@playwright/test";
import { admin, adminPage, apiAs, expect, signIn, signInAsAdmin, snapshot, test } from "./support";

// Issue 13, items 6 and 11, against the production build: where a sign-in may lead, the headers of every page and
// of API answers, the pages' Content-Security-Policy, and what a script in the console's page can get hold of.

const origin = (page: Page) => new URL(page.url()).origin;

test.describe("sign-in redirects", () => {
  // As an attacker would link them; each one left the site after a successful sign-in before the fix.
  const HOSTILE_CALLBACKS: readonly [string, string][] = [
    ["an encoded backslash", "/%5Cevil.example/landing"],
    ["an encoded tab", "/%09/evil.example/landing"],
    ["a raw backslash", "/\\evil.example/landing"],
    ["a protocol-relative URL", "//evil.example/landing"],
    ["encoded slashes", "/%2F%2Fevil.example/landing"],
    ["an absolute URL elsewhere", "https://evil.example/landing"],
    ["a javascript: URL", "javascript:alert(document.domain)"],
  ];

  for (const [name, callbackUrl] of HOSTILE_CALLBACKS) {
    test(`a sign-in with ${name} as callbackUrl ends on the console's own home`, async ({ page, baseURL }) => {
      const foreign: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).hostname.endsWith("evil.example")) foreign.push(request.url());
      });
      page.on("dialog", (dialog) => {
        foreign.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goto(`/login?callbackUrl=${callbackUrl}`);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      // The console's home, which sends the super-administrator on to the dashboard.
      await expect(page).toHaveURL(`${baseURL}/dashboard`);
      expect(origin(page)).toBe(baseURL);
      expect(foreign).toEqual([]);
    });
  }

  test("a sign-in with a path of the console as callbackUrl continues there", async ({ page, baseURL }) => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent("/members?search=ada")}`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/members?search=ada`);
    await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  });

  test("next-auth's own sign-in route passes on only a path of this site", async ({ request, baseURL }) => {
    for (const callbackUrl of [
      "/%5Cevil.example/landing",
      "/%09/evil.example/landing",
      "https://evil.example/landing",
    ]) {
      const response = await request.get(`/api/auth/signin?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
      expect([302, 307]).toContain(response.status());
      const location = new URL(response.headers().location ?? "", baseURL);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("callbackUrl"), callbackUrl).toBe(`${baseURL}/`);
    }
  });
});

/** The nonce of a page answer's policy, after checking the policy is the console's. */
function pagePolicyNonce(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})' 'strict-dynamic'/.exec(policy)?.[1];
  expect(nonce, policy).toBeDefined();
  return nonce ?? "";
}

function expectProtectiveHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("no-referrer");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  // The browser tests run over http; HSTS over https is covered by console/server/front-door.test.ts.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

const ABSENT_ID = "00000000-0000-4000-8000-000000000000";
const PAGES = [
  "/",
  "/dashboard",
  "/members",
  `/members/${ABSENT_ID}`,
  "/plans",
  "/attendance",
  "/attendance/requests",
  "/employees",
  `/employees/${ABSENT_ID}`,
  "/holiday-lists",
  "/users",
  "/roles",
  "/mail",
  `/mail/${ABSENT_ID}`,
  "/mail/templates",
  "/audit",
  "/system",
  "/api-reference",
  "/change-password",
  "/sign-ins",
  "/login",
  "/setup",
  "/forgot-password",
  "/reset-password?token=abc",
  "/verify-email?token=abc",
  "/no-such-page",
];

test.describe("security headers", () => {
  test("every page, signed in or not, carries the headers and a policy whose nonce is on every script", async ({
    browser,
    request,
  }) => {
    const signedIn = await adminPage(browser);
    for (const [who, client] of [
      ["signed in", signedIn.request],
      ["signed out", request],
    ] as const) {
      for (const path of PAGES) {
        const response = await client.get(path, { maxRedirects: 0 });
        const what = `${who} ${path} (${response.status()})`;
        expect([200, 307, 404], what).toContain(response.status());
        expectProtectiveHeaders(response, what);
        const nonce = pagePolicyNonce(response);
        if (response.status() === 307) continue;
        const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length, what).toBeGreaterThan(0);
        for (const script of scripts) expect(script, what).toContain(`nonce="${nonce}"`);
      }
    }
  });

  test("each page answer has a nonce of its own", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(pagePolicyNonce(await request.get("/login")));
    expect(nonces.size).toBe(5);
  });

  test("API answers, errors and health reports carry the headers and a policy that allows nothing", async ({
    request,
  }) => {
    const answers: [string, Promise<APIResponse>, number][] = [
      ["the API document", request.get("/api/openapi.json"), 200],
      ["a protected list without a token", request.get("/api/plans"), 401],
      ["an unknown API path", request.get("/api/does-not-exist"), 404],
      ["an unknown auth path", request.get("/api/auth/does-not-exist"), 404],
      [
        "a failed login",
        request.post("/api/auth/login", { data: { email: "nobody@riverside.example", password: "not-the-password" } }),
        401,
      ],
      [
        "malformed JSON",
        request.post("/api/auth/login", { data: "{", headers: { "content-type": "application/json" } }),
        400,
      ],
      ["next-auth's session", request.get("/api/auth/session"), 200],
      ["liveness", request.get("/health/live"), 200],
      ["health", request.get("/health"), 200],
    ];
    for (const [what, pending, status] of answers) {
      const response = await pending;
      expect(response.status(), what).toBe(status);
      expectProtectiveHeaders(response, what);
      expect(response.headers()["content-security-policy"], what).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  // Clickjacking: a page of another origin (localhost, where the console is 127.0.0.1) frames the sign-in page.
  test("no page of the console can be framed by another site", async ({ page, baseURL }) => {
    const foreignOrigin = (baseURL ?? "").replace("127.0.0.1", "localhost");
    await page.route(`${foreignOrigin}/framing-attack`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<iframe src="${baseURL}/login" width="800" height="600"></iframe>`,
      }),
    );
    await page.goto(`${foreignOrigin}/framing-attack`);
    const framed = page.frames().filter((frame) => frame !== page.mainFrame());
    expect(framed).toHaveLength(1);
    await framed[0]!.waitForLoadState();
    // The browser shows its own error page in the frame instead of the console.
    expect(framed[0]!.url()).toMatch(/^chrome-error:/);
    await expect(framed[0]!.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  });
});

test.describe("the console's Content-Security-Policy", () => {
  test.use({ expectPolicyViolations: true });

  // Stored or reflected HTML injection, simulated by changing the page on its way: the markup arrives, nothing of it runs.
  test("script injected into a console page does not run, and the violation is reported", async ({
    page,
    policyViolations,
  }) => {
    await signInAsAdmin(page);
    await page.route("**/users", async (route) => {
      const response = await route.fetch();
      const injected = (await response.text()).replace(
        "</body>",
        `<script>window.__injected = "inline";</script><img src="data:," onerror="window.__injected = 'handler'"></body>`,
      );
      await route.fulfill({ response, body: injected });
    });
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { __injected?: string }).__injected)).toBeUndefined();
    await expect
      .poll(() => policyViolations.filter((line) => /script-src/.test(line)).length)
      .toBeGreaterThanOrEqual(2);
  });
});

test.describe("what the browser holds", () => {
  /** An access token: a signed JWT. */
  const ACCESS_TOKEN = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
  /** A refresh token: 256 random bits, base64url. */
  const REFRESH_TOKEN = /(^|[^\w-])[\w-]{43}([^\w-]|$)/;

  // An injected script in the console's page reads everything page scripts can: no token is among it.
  test("a script in a signed-in page finds no token: cookies are HttpOnly, storage and the session hold none", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/users");
    await expect(page.getByRole("row").filter({ hasText: admin.email })).toBeVisible();
    const loot = await page.evaluate(async () => ({
      cookies: document.cookie,
      localStorage: Object.fromEntries(Object.entries(localStorage)),
      sessionStorage: Object.fromEntries(Object.entries(sessionStorage)),
      session: (await (await fetch("/api/auth/session")).json()) as Record<string, unknown>,
      html: document.documentElement.outerHTML,
    }));
    expect(loot.cookies).toBe("");
    expect(loot.sessionStorage).toEqual({});
    // next-auth's tab-to-tab message (an event name and a time) is the one entry.
    expect(Object.keys(loot.localStorage).filter((key) => key !== "nextauth.message")).toEqual([]);
    expect(Object.keys(loot.session).sort()).toEqual([
      "accessTokenId",
      "expires",
      "mustChangePassword",
      "role",
      "user",
      "userId",
    ]);
    const sessionCookie = (await page.context().cookies()).find((cookie) =>
      cookie.name.endsWith("next-auth.session-token"),
    );
    expect(sessionCookie?.value).toMatch(/^eyJ/);
    for (const [where, found] of Object.entries(loot)) {
      const text = typeof found === "string" ? found : JSON.stringify(found);
      expect(text, where).not.toMatch(ACCESS_TOKEN);
      expect(text, where).not.toContain(sessionCookie?.value);
      if (where !== "html") expect(text, where).not.toMatch(REFRESH_TOKEN);
    }
    // The cookie itself authenticates nothing: only the console's marked calls get its token.
    const unmarked = await page.evaluate(async () => (await fetch("/api/users")).status);
    expect(unmarked).toBe(401);
    const marked = await page.evaluate(
      async () => (await fetch("/api/users", { headers: { "x-clubops-console": "1" } })).status,
    );
    expect(marked).toBe(200);
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie, cookie.name).toMatchObject({ httpOnly: true });
  });

  // Cross-site request forgery with the console's cookie: a foreign page (localhost, where the console is 127.0.0.1)
  // sends the victim's browser to the API, marked as the console's call and not.
  test("a foreign page cannot use the console's session", async ({ page, baseURL, browser }) => {
    await signInAsAdmin(page);
    const foreignOrigin = (baseURL ?? "").replace("127.0.0.1", "localhost");
    await page.route(`${foreignOrigin}/csrf-attack`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Win a prize</h1>" }),
    );
    await page.goto(`${foreignOrigin}/csrf-attack`);
    const outcome = await page.evaluate(async (target) => {
      const role = JSON.stringify({ name: "Planted by CSRF", description: "", permissions: ["*"] });
      const marked = await fetch(`${target}/api/roles`, {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json", "x-clubops-console": "1" },
        body: role,
      }).then(
        (response) => `answered ${response.status}`,
        () => "refused by the browser",
      );
      // Sent without the header a foreign page cannot add; its answer is hidden from the page either way.
      await fetch(`${target}/api/roles`, { method: "POST", mode: "no-cors", credentials: "include", body: role }).catch(
        () => undefined,
      );
      return marked;
    }, baseURL);
    expect(outcome).toBe("refused by the browser");
    const roles = await (await apiAs(await adminPage(browser)))("GET", "/api/roles?pageSize=100");
    expect(JSON.stringify(roles)).not.toContain("Planted by CSRF");
  });

  // The forced change of a new account (an admin's change would end the session the other specs share).
  test("a password change keeps the session without handing the page a token", async ({ page, browser }) => {
    const suffix = Date.now().toString(36);
    const user = {
      firstName: "Tess",
      lastName: "Holder",
      email: `tess.${suffix}@riverside.example`,
      username: `tess.${suffix}`,
    };
    const temporary = "Lantern-Harbour-Quiet-41";
    const chosen = "Meadow-Falcon-Copper-93";
    await (await apiAs(await adminPage(browser)))("POST", "/api/users", {
      ...user,
      password: temporary,
      roles: ["User"],
    });
    const answers: string[] = [];
    page.on("response", async (response) => {
      if (new URL(response.url()).pathname.startsWith("/api/")) answers.push(await response.text().catch(() => ""));
    });
    await signIn(page, user.email, temporary);
    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByLabel("Temporary password").fill(temporary);
    await page.getByLabel("New password", { exact: true }).fill(temporary);
    await page.getByLabel("Confirm new password").fill(temporary);
    await page.getByRole("button", { name: "Change password" }).click();
    // The API's own rule, passed on by the console's route.
    await expect(page.locator(".error-summary[role=alert]")).toContainText(
      "Choose a password different from the current one.",
    );
    await page.getByLabel("Temporary password").fill(temporary);
    await page.getByLabel("New password", { exact: true }).fill(chosen);
    await page.getByLabel("Confirm new password").fill(chosen);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Account:/)).toContainText("Tess Holder");
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer).not.toMatch(ACCESS_TOKEN);
      expect(answer).not.toMatch(/"(accessToken|refreshToken)"/);
    }
  });
});

test.describe("pages under the policy", () => {
  for (const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`the sign-in page and a console page are styled and work at ${size} size`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/login");
      await expect(page.locator(".auth-card")).toHaveCSS("border-radius", "14px");
      await snapshot(page, `csp-login-${size}`);
      await signInAsAdmin(page);
      await page.goto("/mail/templates");
      // The email preview is a srcdoc frame, which inherits the console's policy: its inline styles still apply.
      const email = page.frameLocator("iframe[sandbox]").first();
      await expect(email.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
      await expect(email.locator("body")).toHaveCSS("background-color", "rgb(244, 244, 245)");
      await expect(page.locator(".sidebar")).toHaveCSS("background-color", "rgb(15, 23, 32)");
      await snapshot(page, `csp-mail-templates-${size}`);
      // A full-page screenshot leaves a frame below the fold blank: the preview as seen once scrolled to (and painted).
      await page.locator("iframe[sandbox]").first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(1_500);
      await snapshot(page, `csp-mail-preview-${size}`, { fullPage: false });
    });
  }
});
