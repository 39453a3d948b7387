import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { platformSettings, users } from "@/lib/platform/db/schema";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { resetDatabase } from "@/tests/support/reset-database";
import { PUT as setOwnLanguage } from "../auth/me/language/route";
import { GET as me } from "../auth/me/route";
import { POST as createMember } from "../members/route";
import { POST as createPlan } from "../plans/route";
import { GET as publicSettings } from "./public/route";
import { GET as getSettings, PUT as updateSettings } from "./route";

let running: Platform;
let token: string;

const settings = { clubName: "Club Náutico", language: "es", timeZone: "Europe/Madrid", currency: "EUR" };

const put = (body: unknown, headers: Record<string, string> = {}, as = token) =>
  call(updateSettings, { path: "/api/settings", method: "PUT", body, token: as, headers });
const read = () => call(getSettings, { path: "/api/settings", token });

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("GET /api/settings", () => {
  it("answers what setup stored: the env's time zone and currency, English, with the record's ETag", async () => {
    const reply = await read();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      clubName: "Test Club",
      description: null,
      creditorIdentifier: null,
      collectionIban: null,
      collectionBic: null,
      language: "en",
      timeZone: running.config.CLUB_TIMEZONE,
      currency: running.config.CURRENCY,
      taxData: { legalName: null, taxId: null, address: null, defaultTaxRate: "21.00", billingStarted: false },
      dunning: { enabled: true, reminderDays: [1, 4, 11], graceDays: 15 },
      directDebit: {
        collectionDay: null,
        representAfterDays: 0,
        fileVersion: "pain.008.001.02",
        batchBooking: true,
        preNotificationDays: 14,
        returnFee: null,
      },
      updatedAt: expect.any(String),
      version: 1,
    });
    expect(reply.headers.get("etag")).toBe('"1"');
  });

  it("falls back to the env's values on an install set up before they were settings", async () => {
    await running.database.db.update(platformSettings).set({ language: null, timeZone: null, currency: null });
    expect((await put({ ...settings, timeZone: "Atlantic/Canary" })).status).toBe(200); // the memo is forgotten
    await running.database.db.update(platformSettings).set({ language: null, timeZone: null, currency: null });
    const reply = await read();
    expect(reply.body).toMatchObject({
      language: "en",
      timeZone: running.config.CLUB_TIMEZONE,
      currency: running.config.CURRENCY,
    });
  });
});

describe("PUT /api/settings", () => {
  it("stores the club's name, description, language, time zone and currency, audited in the same transaction", async () => {
    const reply = await put({ ...settings, description: "  Vela y remo  " });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ...settings, description: "Vela y remo", version: 2 });
    expect(reply.headers.get("etag")).toBe('"2"');
    const [stored] = await running.database.db.select().from(platformSettings);
    expect(stored).toMatchObject({ platformName: "Club Náutico", language: "es", timeZone: "Europe/Madrid" });
    const audit = await auditEntriesOf(running.database, "1");
    expect(audit.at(-1)).toMatchObject({
      action: "settings.updated",
      severity: "Warning",
      entity: "settings",
      data: expect.objectContaining({ changed: ["clubName", "description", "language"], language: "es" }),
    });
  });

  it("keeps the version and writes no audit entry when nothing changes", async () => {
    const current = (await read()).body;
    const reply = await put({
      clubName: current.clubName,
      language: current.language,
      timeZone: current.timeZone,
      currency: current.currency,
    });
    expect(reply).toMatchObject({ status: 200, body: { version: 1 } });
    const audit = await auditEntriesOf(running.database, "1");
    expect(audit.filter((entry) => entry.action === "settings.updated")).toEqual([]);
  });

  it("shows in the public settings at once: its time zone, currency and language", async () => {
    await put({ ...settings, timeZone: "America/Mexico_City", currency: "MXN" });
    const reply = await call(publicSettings, { path: "/api/settings/public" });
    expect(reply.body).toMatchObject({
      clubName: "Club Náutico",
      timeZone: "America/Mexico_City",
      currency: "MXN",
      languages: ["en", "es"],
      defaultLanguage: "es",
    });
  });

  it.each([
    ["an unknown language", { language: "fr" }, "language"],
    ["a time zone that is no IANA zone", { timeZone: "Madrid" }, "timeZone"],
    ["an offset instead of a zone", { timeZone: "+01:00" }, "timeZone"],
    ["a currency that is no ISO 4217 code", { currency: "EURO" }, "currency"],
    ["a lower-case currency", { currency: "eur" }, "currency"],
    ["an empty club name", { clubName: "  " }, "clubName"],
    ["a description over 500 characters", { description: "x".repeat(501) }, "description"],
  ])("refuses %s with a validation problem naming the field", async (_case, change, field) => {
    const reply = await put({ ...settings, ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveProperty(field);
    expect((await read()).body).toMatchObject({ clubName: "Test Club", version: 1 });
  });

  it("stores the SEPA creditor identifier normalised, keeps it when absent and clears it with null", async () => {
    const reply = await put({ ...settings, creditorIdentifier: " es97 000 b12345678 " });
    expect(reply).toMatchObject({ status: 200, body: { creditorIdentifier: "ES97000B12345678", version: 2 } });
    const [stored] = await running.database.db.select().from(platformSettings);
    expect(stored?.creditorIdentifier).toBe("ES97000B12345678");
    expect((await auditEntriesOf(running.database, "1")).at(-1)?.data).toMatchObject({
      changed: ["clubName", "language", "creditorIdentifier"],
      creditorIdentifier: "ES97000B12345678",
    });
    expect((await put(settings)).body).toMatchObject({ creditorIdentifier: "ES97000B12345678", version: 2 });
    expect((await put({ ...settings, creditorIdentifier: null })).body).toMatchObject({
      creditorIdentifier: null,
      version: 3,
    });
  });

  it("stores the collection IBAN and BIC normalised, keeps them when absent and clears them with null", async () => {
    const saved = await put({
      ...settings,
      collectionIban: "es79 2100 0813 6101 2345 6789",
      collectionBic: "caixesbbxxx",
    });
    expect(saved.body).toMatchObject({ collectionIban: "ES7921000813610123456789", collectionBic: "CAIXESBBXXX" });
    const audited = (await auditEntriesOf(running.database, "1")).at(-1)?.data;
    expect(audited).toMatchObject({
      changed: expect.arrayContaining(["collectionIban", "collectionBic"]),
      collectionIban: "ES79 **** **** **** **** 6789",
    });
    expect(JSON.stringify(audited)).not.toContain("21000813610123456789");
    expect((await put(settings)).body).toMatchObject({ collectionIban: "ES7921000813610123456789" });
    const refused = await put({ ...settings, collectionIban: "ES7921000813610123456788", collectionBic: "CAIX" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(["collectionBic", "collectionIban"]);
    const cleared = await put({ ...settings, collectionIban: null, collectionBic: "" });
    expect(cleared.body).toMatchObject({ collectionIban: null, collectionBic: null });
  });

  it.each([
    ["wrong check digits", "ES98000B12345678"],
    ["a national part that is no NIF", "ES97000B1234567"],
    ["no business code", "ES97B12345678"],
  ])("refuses a creditor identifier with %s, naming the field", async (_case, creditorIdentifier) => {
    const reply = await put({ ...settings, creditorIdentifier });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveProperty("creditorIdentifier");
    expect((await read()).body).toMatchObject({ creditorIdentifier: null, version: 1 });
  });

  it("refuses a body without the settings it replaces", async () => {
    const reply = await put({ clubName: "Club" });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors as object).sort()).toEqual(["currency", "language", "timeZone"]);
  });

  it("answers 412 with the current ETag when If-Match names another version, and applies with the right one", async () => {
    const stale = await put(settings, { "if-match": '"7"' });
    expect(stale).toMatchObject({ status: 412, body: { code: "Precondition.Failed" } });
    expect(stale.headers.get("etag")).toBe('"1"');
    expect((await put(settings, { "if-match": '"1"' })).status).toBe(200);
    expect((await put(settings, { "if-match": '"1"' })).status).toBe(412);
  });

  it("changes the currency while no plan exists, and answers 409 Settings.CurrencyInUse once one does", async () => {
    expect((await put({ ...settings, currency: "USD" })).body).toMatchObject({ currency: "USD" });
    const plan = await call(createPlan, {
      path: "/api/plans",
      token,
      body: { name: "Vela", code: "VELA", monthlyPrice: "59.90" },
    });
    expect(plan.body).toMatchObject({ monthlyPrice: "59.90", currency: "USD" });
    const refused = await put({ ...settings, currency: "EUR" });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: "Settings.CurrencyInUse", message: expect.any(String) },
    });
    expect((await read()).body).toMatchObject({ currency: "USD", version: 2 });
    // Everything else still changes while the currency stays.
    expect((await put({ ...settings, language: "en", currency: "USD" })).body).toMatchObject({
      language: "en",
      currency: "USD",
      version: 3,
    });
  });

  it("moves 'today' with the time zone: a member joins on the club's day", async () => {
    // UTC+14 and UTC-11 are always on different calendar days.
    const joinedOn = async (timeZone: string) => {
      await put({ ...settings, timeZone });
      const reply = await call(createMember, {
        path: "/api/members",
        token,
        body: { firstName: "Ana", lastName: "Sanz", email: `ana-${timeZone.replace("/", "-")}@club.example` },
      });
      return { joinedOn: reply.body.joinedOn, today: localDate(new Date(), timeZone) };
    };
    const east = await joinedOn("Pacific/Kiritimati");
    const west = await joinedOn("Pacific/Pago_Pago");
    expect(east.joinedOn).toBe(east.today);
    expect(west.joinedOn).toBe(west.today);
    expect(east.joinedOn).not.toBe(west.joinedOn);
  });

  it("answers 401 without a token and 403 to a user without settings:write, who may still not read them", async () => {
    expect((await call(updateSettings, { path: "/api/settings", method: "PUT", body: settings })).status).toBe(401);
    const employee = await createAccount(token, ["Employee"]);
    expect((await put(settings, {}, employee.token)).status).toBe(403);
    expect((await call(getSettings, { path: "/api/settings", token: employee.token })).status).toBe(403);
    const admin = await createAccount(token, ["Admin"]);
    expect((await call(getSettings, { path: "/api/settings", token: admin.token })).status).toBe(200);
    expect((await put(settings, {}, admin.token)).status).toBe(200);
  });
});

describe("PUT /api/auth/me/language", () => {
  const pick = (language: unknown, as = token) =>
    call(setOwnLanguage, { path: "/api/auth/me/language", method: "PUT", body: { language }, token: as });
  const profile = async (as = token) => (await call(me, { path: "/api/auth/me", token: as })).body;

  it("saves the caller's language, returned by GET /api/auth/me; null follows the club's again", async () => {
    expect((await profile()).language).toBeNull();
    expect(await pick("es")).toMatchObject({ status: 200, body: { language: "es" } });
    expect((await profile()).language).toBe("es");
    const [stored] = await running.database.db.select({ language: users.language }).from(users);
    expect(stored?.language).toBe("es");
    expect(await pick(null)).toMatchObject({ status: 200, body: { language: null } });
    expect((await profile()).language).toBeNull();
  });

  it("is each user's own: an employee picks theirs without any permission", async () => {
    const employee = await createAccount(token, ["Employee"]);
    expect((await pick("en", employee.token)).status).toBe(200);
    expect((await profile(employee.token)).language).toBe("en");
    expect((await profile()).language).toBeNull();
    const [row] = await running.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, employee.id));
    expect(row?.language).toBe("en");
  });

  it("refuses a language the console does not speak, and answers 401 without a token", async () => {
    const reply = await pick("fr");
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveProperty("language");
    expect(
      (await call(setOwnLanguage, { path: "/api/auth/me/language", method: "PUT", body: { language: "es" } })).status,
    ).toBe(401);
  });
});
