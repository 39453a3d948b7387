import "@/tests/support/isolated-env";
import { randomUUID } from "node:crypto";
import { count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as uploadRoute } from "@/app/api/files/route";
import { POST as enrollRoute } from "@/app/api/members/enroll/route";
import { POST as clockInRoute } from "@/app/api/users/me/clock-in/route";
import { route } from "@/lib/http/route";
import * as store from "@/lib/idempotency/store";

const { recordAnswer } = store;

import { pruneIdempotencyKeysJob } from "@/lib/jobs/definitions";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import {
  auditOutbox,
  employeeCheckins,
  files,
  idempotencyKeys,
  mailOutbox,
  members,
  plans,
} from "@/lib/platform/db/schema";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { DependencyUnavailableError } from "@/lib/platform/errors";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { ok } from "@/lib/platform/result";
import { type Account, completeSetup, createAccount, SUPER_ADMIN } from "@/tests/support/accounts";
import { type ApiReply, call, randomIp } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";

type Enrolment = { member: { id: string }; subscription: { id: string } };

let running: Platform;
let adminToken: string;
let clerk: Account;
let gold: string;

const keyed = (key: string) => ({ "idempotency-key": key });
const applicant = (email: string) => ({
  member: { firstName: "Rita", lastName: "Retry", email },
  subscription: { planId: gold, billingPeriod: "monthly" },
});
const enroll = (body: object, key?: string, token = adminToken) =>
  call<Enrolment>(enrollRoute, { path: "/api/members/enroll", token, body, headers: key ? keyed(key) : {} });
const membersWith = async (email: string) =>
  (await running.database.db.select({ n: count() }).from(members).where(eq(members.email, email)))[0]?.n;
const keyRows = async () => (await running.database.db.select({ n: count() }).from(idempotencyKeys))[0]?.n;
const replayed = (reply: ApiReply<unknown>) => reply.headers.get("idempotency-replayed");

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  clerk = await createAccount(adminToken, ["Admin"]);
  gold = (
    await running.database.db.insert(plans).values({ name: "Gold", code: "GOLD", monthlyPrice: "50.00" }).returning()
  )[0]!.id;
});
afterAll(stopPlatform);

describe("Idempotency-Key on an enrolment", () => {
  it("answers a retry with the first 201, marked as a replay, and creates, audits and mails once", async () => {
    const key = randomUUID();
    const first = await enroll(applicant("rita@club.example"), key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    const retry = await enroll(applicant("rita@club.example"), key);
    expect(retry).toMatchObject({ status: 201, body: first.body });
    expect(replayed(retry)).toBe("true");
    expect(retry.headers.get("content-type")).toBe(first.headers.get("content-type"));

    expect(await membersWith("rita@club.example")).toBe(1);
    const audit = await running.database.db
      .select({ action: auditOutbox.action })
      .from(auditOutbox)
      .where(eq(auditOutbox.entityId, first.body.member.id));
    expect(audit.map((entry) => entry.action)).toEqual(["members.created", "members.subscribed"]);
    const mail = await running.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "rita@club.example"));
    expect(mail[0]?.n).toBe(1);
  });

  it("still answers 409 Member.DuplicateEmail to a retry without a key", async () => {
    await enroll(applicant("nokey@club.example"));
    expect(await enroll(applicant("nokey@club.example"))).toMatchObject({
      status: 409,
      body: { code: "Member.DuplicateEmail" },
    });
  });

  it("refuses the key on a different request with 422 problem details, changing nothing", async () => {
    const key = randomUUID();
    expect((await enroll(applicant("first@club.example"), key)).status).toBe(201);
    const other = await enroll(applicant("second@club.example"), key);
    expect(other).toMatchObject({
      status: 422,
      body: { status: 422, title: expect.stringContaining("different request"), instance: "POST /api/members/enroll" },
    });
    expect(other.headers.get("content-type")).toBe("application/problem+json");
    expect(await membersWith("second@club.example")).toBe(0);
  });

  it("refuses a malformed key with 400 problem details", async () => {
    for (const key of ["x".repeat(256), "clé"]) {
      const reply = await call(enrollRoute, {
        path: "/api/members/enroll",
        token: adminToken,
        body: applicant("malformed@club.example"),
        headers: { "idempotency-key": key },
      });
      expect(reply).toMatchObject({ status: 400, body: { errors: { "Idempotency-Key": [expect.any(String)] } } });
    }
    expect(await membersWith("malformed@club.example")).toBe(0);
  });

  it("scopes a key to its caller: another user's same key and request runs as their own", async () => {
    const key = randomUUID();
    expect((await enroll(applicant("mine@club.example"), key)).status).toBe(201);
    // Not served the first caller's answer: the enrolment runs for them and finds the member.
    const theirs = await enroll(applicant("mine@club.example"), key, clerk.token);
    expect(theirs).toMatchObject({ status: 409, body: { code: "Member.DuplicateEmail" } });
    expect(replayed(theirs)).toBeNull();
    // Their own answer is kept for them, business refusals included.
    const theirRetry = await enroll(applicant("mine@club.example"), key, clerk.token);
    expect(theirRetry).toMatchObject({ status: 409, body: { code: "Member.DuplicateEmail" } });
    expect(replayed(theirRetry)).toBe("true");
  });

  it("runs a key again once its 24 hours are over, and the hourly job deletes expired keys", async () => {
    const key = randomUUID();
    expect((await enroll(applicant("expiry@club.example"), key)).status).toBe(201);
    const expire = () =>
      running.database.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` });
    await expire();
    // No replay any more: the enrolment runs again and finds its member.
    const late = await enroll(applicant("expiry@club.example"), key);
    expect(late).toMatchObject({ status: 409, body: { code: "Member.DuplicateEmail" } });
    expect(replayed(late)).toBeNull();

    await expire();
    expect(await pruneIdempotencyKeysJob.run(running, {})).toMatchObject({ keys: expect.any(Number) });
    expect(await keyRows()).toBe(0);
  });

  it("is ignored by anonymous endpoints, whose answers hold credentials", async () => {
    const before = await keyRows();
    const signedIn = await call(login, {
      path: "/api/auth/login",
      body: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
      headers: keyed(randomUUID()),
    });
    expect(signedIn.status).toBe(200);
    expect(await keyRows()).toBe(before);
  });
});

describe("Idempotency-Key on attempts that fail or overlap", () => {
  let runs = 0;
  let gate: Promise<void> = Promise.resolve();
  /** A change whose first run fails (500), then succeeds; it waits for `gate` before answering. */
  const flaky = route({ access: "authenticated", successStatus: 201 }, async () => {
    runs += 1;
    await gate;
    if (runs === 1) throw new Error("boom");
    return ok({ run: runs });
  });
  const callFlaky = (key: string) =>
    call(flaky, { method: "POST", path: "/api/flaky", token: adminToken, headers: keyed(key) });

  it("keeps no 5xx: the retry runs again, and its success is what is replayed", async () => {
    const key = randomUUID();
    expect((await callFlaky(key)).status).toBe(500);
    const retry = await callFlaky(key);
    expect(retry).toMatchObject({ status: 201, body: { run: 2 } });
    expect(replayed(retry)).toBeNull();
    const again = await callFlaky(key);
    expect(again).toMatchObject({ status: 201, body: { run: 2 } });
    expect(replayed(again)).toBe("true");
    expect(runs).toBe(2);
  });

  it("answers 409 with Retry-After while the first attempt runs, then replays its answer", async () => {
    const key = randomUUID();
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const first = callFlaky(key);
    const unanswered = async () =>
      (
        await running.database.db
          .select({ n: count() })
          .from(idempotencyKeys)
          .where(isNull(idempotencyKeys.responseStatus))
      )[0]?.n;
    await expect.poll(unanswered).toBe(1);
    const overlapping = await callFlaky(key);
    expect(overlapping).toMatchObject({ status: 409, body: { status: 409 } });
    expect(overlapping.headers.get("retry-after")).toBe("1");
    open();
    const answered = await first;
    expect(answered).toMatchObject({ status: 201, body: { run: runs } });
    expect(await callFlaky(key)).toMatchObject({ status: 201, body: answered.body });
  });

  it("lets a retry take over a key whose instance died while running it, once its lease passed", async () => {
    const key = randomUUID();
    const first = await callFlaky(key);
    const [row] = await running.database.db
      .select({ scopeHash: idempotencyKeys.scopeHash })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.responseBody, JSON.stringify(first.body)));
    // As if its instance had died mid-way: no answer recorded, the lease still running and then passed.
    const dieHolding = (lease: string) =>
      running.database.db
        .update(idempotencyKeys)
        .set({ responseStatus: null, responseBody: null, lockedUntil: sql`now() + ${sql.raw(`interval '${lease}'`)}` })
        .where(eq(idempotencyKeys.scopeHash, row!.scopeHash));
    await dieHolding("30 seconds");
    expect((await callFlaky(key)).status).toBe(409);
    await dieHolding("-1 second");
    const retry = await callFlaky(key);
    expect(retry).toMatchObject({ status: 201, body: { run: runs } });
    expect(retry.body).not.toEqual(first.body);
    expect(replayed(retry)).toBeNull();
  });
});

describe("Idempotency-Key on a change that commits and then fails", () => {
  let runs = 0;
  /**
   * A change that commits a member and then fails before answering, as when the database restarted between the commit
   * and a read of the answer: the transaction's value is already the declared answer, so it is stored with the change.
   */
  const committedThenFailed = route(
    {
      access: "authenticated",
      body: z.object({}),
      successStatus: 201,
      response: { schema: z.object({ id: z.string(), email: z.string() }) },
    },
    async () => {
      runs += 1;
      const added = await rollbackOnFailure(running.database.db, async (tx) => {
        const [member] = await tx
          .insert(members)
          .values({ firstName: "Carla", lastName: "Commit", email: `carla${runs}@club.example` })
          .returning({ id: members.id, email: members.email });
        return ok(member!);
      });
      if (runs === 1) throw new DependencyUnavailableError("database");
      return added;
    },
  );
  const callCommitted = (key: string) =>
    call(committedThenFailed, { path: "/api/committed", token: adminToken, body: {}, headers: keyed(key) });

  it("replays the answer stored with the committed change to the retry of an attempt that answered 503", async () => {
    const key = randomUUID();
    const first = await callCommitted(key);
    expect(first.status).toBe(503);
    const retry = await callCommitted(key);
    expect(retry).toMatchObject({ status: 201, body: { email: "carla1@club.example" } });
    expect(replayed(retry)).toBe("true");
    // The change ran once: the retry did not run it again (before, it did, and stored what that second run answered).
    expect(runs).toBe(1);
    expect(await membersWith("carla1@club.example")).toBe(1);
    expect(await membersWith("carla2@club.example")).toBe(0);
  });

  it("replays an enrolment whose answer could not be recorded after the request: it was stored with the change", async () => {
    const key = randomUUID();
    // The record after the answer fails (the database went away), as only the one inside the transaction succeeds.
    const spy = vi.spyOn(store, "recordAnswer").mockImplementation(async (executor, ...rest) => {
      if (executor === running.database.db) throw new DependencyUnavailableError("database");
      const [owner, answer, uploadHash] = rest;
      return recordAnswer(executor, owner, answer, uploadHash);
    });
    let first: Awaited<ReturnType<typeof enroll>>;
    try {
      first = await enroll(applicant("stored@club.example"), key);
    } finally {
      spy.mockRestore();
    }
    expect(first.status).toBe(201);
    const retry = await enroll(applicant("stored@club.example"), key);
    expect(retry).toMatchObject({ status: 201, body: first.body });
    expect(replayed(retry)).toBe("true");
    expect(await membersWith("stored@club.example")).toBe(1);
  });
});

describe("Idempotency-Key on clock-in and uploads", () => {
  it("answers a retried clock-in with its first 201, not 409 Checkin.AlreadyClockedIn", async () => {
    const employee = await createAccount(adminToken, ["Employee"]);
    await addEmployee(running.database.db, employee.id);
    const key = randomUUID();
    const clockIn = () =>
      call(clockInRoute, {
        path: "/api/users/me/clock-in",
        token: employee.token,
        body: { source: "MobileApp" },
        headers: keyed(key),
      });
    const first = await clockIn();
    expect(first.status).toBe(201);
    const retry = await clockIn();
    expect(retry).toMatchObject({ status: 201, body: first.body });
    expect(replayed(retry)).toBe("true");
  });

  const upload = (key: string, bytes: string) =>
    uploadRoute(
      new Request("http://localhost/api/files?bucket=club-documents&name=contract.txt", {
        method: "POST",
        headers: {
          authorization: `Bearer ${adminToken}`,
          [PEER_ADDRESS_HEADER]: randomIp(),
          "content-type": "text/plain",
          "content-length": String(Buffer.byteLength(bytes)),
          ...keyed(key),
        },
        body: bytes,
      }),
      { params: Promise.resolve({}) },
    );
  const storedFiles = async () =>
    (await running.database.db.select({ n: count() }).from(files).where(eq(files.fileName, "contract.txt")))[0]?.n;

  it("stores a retried upload once and answers the first 201 again", async () => {
    const key = randomUUID();
    const first = await upload(key, "signed contract v1");
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const retry = await upload(key, "signed contract v1");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(await retry.json()).toEqual(firstBody);
    expect(await storedFiles()).toBe(1);
  });

  it("refuses the key on other bytes of the same type and length with 422", async () => {
    const key = randomUUID();
    expect((await upload(key, "signed contract v1")).status).toBe(201);
    const other = await upload(key, "signed contract v2");
    expect(other.status).toBe(422);
    expect(await storedFiles()).toBe(2);
  });
});

describe.runIf(process.env.DATABASE_URL)("Idempotency-Key races on real PostgreSQL", () => {
  it("creates exactly one member of 10 parallel enrolments with one key; the others replay it or answer 409", async () => {
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => enroll(applicant("parallel@club.example"), key)),
    );
    const created = replies.filter((reply) => reply.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.filter((reply) => replayed(reply) === null)).toHaveLength(1);
    for (const reply of created) expect(reply.body).toEqual(created[0]?.body);
    for (const reply of replies.filter((reply) => reply.status !== 201)) expect(reply.status).toBe(409);
    expect(await membersWith("parallel@club.example")).toBe(1);
  });

  it("clocks in once for 10 parallel clock-ins with one key, none refused as a double clock-in", async () => {
    const employee = await createAccount(adminToken, ["Employee"]);
    const employeeId = await addEmployee(running.database.db, employee.id);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(clockInRoute, {
          path: "/api/users/me/clock-in",
          token: employee.token,
          body: { source: "MobileApp" },
          headers: keyed(key),
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    for (const reply of replies.filter((reply) => reply.status === 409))
      expect(reply.headers.get("content-type")).toBe("application/problem+json");
    const events = await running.database.db
      .select({ n: count() })
      .from(employeeCheckins)
      .where(eq(employeeCheckins.employeeId, employeeId));
    expect(events[0]?.n).toBe(1);
  });
});
