import { test } from "@playwright/test";
import { admin, expect, install } from "./support";

// The first-run setup of the shared server, once for the whole run: specs sign in as its super-administrator. The
// setup wizard's own flow runs on a server of its own (setup-wizard.spec.ts).
test("the shared server is installed", async ({ request }) => {
  await install(request);

  // The super-administrator is also an employee on the club's default list, with Madrid's 2026 holidays: the
  // attendance pages (staff-languages.spec.ts, console-pages.spec.ts) show their own calendar.
  const login = await request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const call = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  };
  const me = await (await request.get("/api/auth/me", { headers })).json();
  await call("/api/employees", { userId: me.id, startsOn: "2026-11-02" });
  const list = await call("/api/holiday-lists", { name: "Madrid", weeklyOffDays: [6, 7], isDefault: true });
  await call(`/api/holiday-lists/${list.id}/presets`, { preset: "es-md", year: 2026, language: "es" });
});
