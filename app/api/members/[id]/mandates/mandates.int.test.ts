import "@/tests/support/isolated-env";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { MIGRATIONS_FOLDER } from "@/lib/platform/db/migrations";
import { auditOutbox, members, rolePermissions, roles, sepaMandates } from "@/lib/platform/db/schema";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as createMemberRoute } from "../../route";
import { DELETE as deleteMemberRoute } from "../route";
import { POST as amendRoute } from "./[mandateId]/amend/route";
import { POST as revokeRoute } from "./[mandateId]/revoke/route";
import { GET as getRoute } from "./[mandateId]/route";
import { POST as createRoute, GET as listRoute } from "./route";

type Mandate = {
  id: string;
  memberId: string;
  iban: string;
  bic: string | null;
  reference: string;
  signedOn: string;
  sequence: string;
  status: string;
  pendingAmendment: { originalIban: string; originalBic: string | null; amendedAt: string } | null;
  revokedAt: string | null;
  createdAt: string;
};

let running: Platform;
let token: string;
let staffId: string;
let sequence = 0;

const IBAN = "ES9121000418450200051332";
const unknownId = "00000000-0000-4000-8000-000000000000";

async function newMember(): Promise<string> {
  sequence += 1;
  const reply = await call<{ id: string }>(createMemberRoute, {
    path: "/api/members",
    token,
    body: { firstName: "Lucía", lastName: `Núñez ${sequence}`, email: `mandate${sequence}@club.example` },
  });
  return reply.body.id;
}

const create = (memberId: string, body: object, as = token) =>
  call<Mandate>(createRoute, { path: `/api/members/${memberId}/mandates`, params: { id: memberId }, token: as, body });
const list = (memberId: string, query = "", as = token) =>
  call<{ items: Mandate[]; totalCount: number }>(listRoute, {
    path: `/api/members/${memberId}/mandates${query}`,
    params: { id: memberId },
    token: as,
  });
const revoke = (memberId: string, mandateId: string) =>
  call<Mandate>(revokeRoute, {
    path: `/api/members/${memberId}/mandates/${mandateId}/revoke`,
    method: "POST",
    params: { id: memberId, mandateId },
    token,
  });
const amend = (memberId: string, mandateId: string, body: object) =>
  call<Mandate>(amendRoute, {
    path: `/api/members/${memberId}/mandates/${mandateId}/amend`,
    method: "POST",
    params: { id: memberId, mandateId },
    token,
    body,
  });
const storedMandates = (memberId: string) =>
  running.database.db.select().from(sepaMandates).where(eq(sepaMandates.memberId, memberId));
const mandateAudit = (memberId: string) =>
  running.database.db
    .select({
      action: auditOutbox.action,
      actorId: auditOutbox.actorId,
      entity: auditOutbox.entity,
      data: auditOutbox.data,
    })
    .from(auditOutbox)
    .where(and(eq(auditOutbox.entityId, memberId), sql`${auditOutbox.action} like 'billing.mandate_%'`))
    .orderBy(auditOutbox.seq);

/** Statements of other sessions waiting for a lock (PostgreSQL only). */
async function waitingOnLocks(): Promise<number> {
  const [row] = await running.database.rows<{ n: number }>(
    running.database.db,
    sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()
      and datname = current_database()`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
  const [admin] = await running.database.rows<{ id: string }>(running.database.db, sql`select id from users limit 1`);
  staffId = admin!.id;
});
afterAll(stopPlatform);

describe("POST /api/members/{id}/mandates", () => {
  it("registers a mandate with a generated reference, the IBAN normalised, audited with the IBAN masked", async () => {
    const memberId = await newMember();
    const reply = await create(memberId, {
      iban: "es91 2100 0418 4502 0005 1332",
      bic: "caixesbbxxx",
      signedOn: "2026-01-15",
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      memberId,
      iban: IBAN,
      bic: "CAIXESBBXXX",
      reference: expect.stringMatching(/^MNDT-\d{8}$/),
      signedOn: "2026-01-15",
      sequence: "first",
      status: "active",
      pendingAmendment: null,
      revokedAt: null,
      createdAt: expect.any(String),
    });
    expect(reply.headers.get("location")).toBe(`/api/members/${memberId}/mandates/${reply.body.id}`);
    expect(await storedMandates(memberId)).toEqual([
      expect.objectContaining({ iban: IBAN, createdBy: staffId, status: "active", reference: reply.body.reference }),
    ]);
    expect(await mandateAudit(memberId)).toEqual([
      {
        action: "billing.mandate_created",
        actorId: staffId,
        entity: "member",
        data: {
          mandateId: reply.body.id,
          reference: reply.body.reference,
          signedOn: "2026-01-15",
          sequence: "first",
          bic: "CAIXESBBXXX",
          iban: "ES91 **** **** **** **** 1332",
        },
      },
    ]);
    const fetched = await call<Mandate>(getRoute, {
      path: `/api/members/${memberId}/mandates/${reply.body.id}`,
      params: { id: memberId, mandateId: reply.body.id },
      token,
    });
    expect(fetched).toMatchObject({ status: 200, body: reply.body });
  });

  it("numbers generated references one after another, and takes a supplied one as a recurring mandate", async () => {
    const first = await create(await newMember(), { iban: IBAN, signedOn: "2026-01-15" });
    const second = await create(await newMember(), { iban: IBAN, signedOn: "2026-01-15" });
    const number = (reference: string) => Number(reference.slice("MNDT-".length));
    expect(number(second.body.reference)).toBe(number(first.body.reference) + 1);
    const supplied = await create(await newMember(), {
      iban: "DE89 3704 0044 0532 0130 00",
      reference: "OLD-SYSTEM/2019-0042",
      signedOn: "2019-03-01",
      sequence: "recurring",
    });
    expect(supplied).toMatchObject({
      status: 201,
      body: { reference: "OLD-SYSTEM/2019-0042", iban: "DE89370400440532013000", bic: null, sequence: "recurring" },
    });
  });

  it("refuses a reference another mandate has with 409, storing nothing", async () => {
    await create(await newMember(), { iban: IBAN, reference: "CLUB-REF-1", signedOn: "2026-01-15" });
    const memberId = await newMember();
    const reply = await create(memberId, { iban: IBAN, reference: "CLUB-REF-1", signedOn: "2026-01-15" });
    expect(reply).toMatchObject({ status: 409, body: { code: "Billing.MandateReferenceTaken" } });
    expect(await storedMandates(memberId)).toEqual([]);
    expect(await mandateAudit(memberId)).toEqual([]);
  });

  it.each([
    ["a wrong IBAN checksum", { iban: "ES91 2100 0418 4502 0005 1333" }, "iban"],
    ["an IBAN too short for Spain", { iban: "ES91 2100 0418 4502 0005 133" }, "iban"],
    ["an IBAN outside SEPA", { iban: "BR1500000000000010932840814P2" }, "iban"],
    ["a BIC of 9 characters", { bic: "CAIXESBBX" }, "bic"],
    ["a reference with spaces", { reference: "MANDATO 1" }, "reference"],
    ["a reference of 36 characters", { reference: "R".repeat(36) }, "reference"],
    ["a date that is not one", { signedOn: "2026-02-30" }, "signedOn"],
    ["no signature date", { signedOn: undefined }, "signedOn"],
    ["an unknown sequence", { sequence: "final" }, "sequence"],
  ])("refuses %s with 400 naming the field, storing nothing", async (_case, change, field) => {
    const memberId = await newMember();
    const reply = await create(memberId, { iban: IBAN, signedOn: "2026-01-15", ...change });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body as object)).toContain("errors");
    expect((reply.body as unknown as { errors: object }).errors).toHaveProperty(field);
    expect(await storedMandates(memberId)).toEqual([]);
  });

  it("refuses a signature date after today in the club's time zone, and takes today", async () => {
    const memberId = await newMember();
    const today = localDate(new Date(), running.config.CLUB_TIMEZONE);
    const tomorrow = localDate(new Date(Date.now() + 86_400_000), running.config.CLUB_TIMEZONE);
    const future = await create(memberId, { iban: IBAN, signedOn: tomorrow });
    expect(future).toMatchObject({
      status: 400,
      body: { errors: { signedOn: ["The signature date cannot be after today."] } },
    });
    expect(await storedMandates(memberId)).toEqual([]);
    expect((await create(memberId, { iban: IBAN, signedOn: today })).status).toBe(201);
  });

  it("answers 404 Member.NotFound for an unknown or deleted member", async () => {
    expect(await create(unknownId, { iban: IBAN, signedOn: "2026-01-15" })).toMatchObject({
      status: 404,
      body: { code: "Member.NotFound" },
    });
    const memberId = await newMember();
    await call(deleteMemberRoute, {
      path: `/api/members/${memberId}`,
      method: "DELETE",
      params: { id: memberId },
      token,
    });
    expect((await create(memberId, { iban: IBAN, signedOn: "2026-01-15" })).status).toBe(404);
    expect((await list(memberId)).status).toBe(404);
  });

  it("refuses a second active mandate with 409 until the first is revoked", async () => {
    const memberId = await newMember();
    const first = await create(memberId, { iban: IBAN, signedOn: "2026-01-15" });
    const second = await create(memberId, { iban: "ES7921000813610123456789", signedOn: "2026-02-01" });
    expect(second).toMatchObject({ status: 409, body: { code: "Billing.MandateAlreadyActive" } });
    expect(await storedMandates(memberId)).toHaveLength(1);
    expect((await revoke(memberId, first.body.id)).status).toBe(200);
    expect((await create(memberId, { iban: "ES7921000813610123456789", signedOn: "2026-02-01" })).status).toBe(201);
  });

  it.runIf(process.env.DATABASE_URL)("lets one of 10 parallel requests for one member in, the others 409", async () => {
    const memberId = await newMember();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        create(memberId, { iban: IBAN, signedOn: `2026-01-${String(index + 10)}` }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of replies.filter((reply) => reply.status === 409))
      expect(refused.body).toMatchObject({ code: "Billing.MandateAlreadyActive" });
    expect(await storedMandates(memberId)).toHaveLength(1);
    expect(await mandateAudit(memberId)).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    "answers 409, not 500, when the database's index refuses a mandate the check could not yet see",
    async () => {
      const memberId = await newMember();
      let reply: ReturnType<typeof create> | undefined;
      await running.database.db.transaction(async (tx) => {
        await tx.insert(sepaMandates).values({ memberId, iban: IBAN, signedOn: "2026-01-15" });
        // The request's check does not see this uncommitted mandate; its insert then waits on the unique index.
        reply = create(memberId, { iban: IBAN, signedOn: "2026-01-16" });
        await expect.poll(() => waitingOnLocks(), { timeout: 10_000 }).toBeGreaterThan(0);
      });
      expect(await reply).toMatchObject({ status: 409, body: { code: "Billing.MandateAlreadyActive" } });
      expect(await mandateAudit(memberId)).toEqual([]);
    },
  );
});

describe("GET /api/members/{id}/mandates", () => {
  it("lists active and revoked mandates, newest first, as a page with the full IBAN", async () => {
    const memberId = await newMember();
    const old = await create(memberId, { iban: "ES7921000813610123456789", signedOn: "2025-06-01" });
    await revoke(memberId, old.body.id);
    const current = await create(memberId, { iban: IBAN, signedOn: "2026-01-15" });
    const reply = await list(memberId);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ totalCount: 2, pageNumber: 1, totalPages: 1 });
    expect(reply.body.items.map((mandate) => [mandate.id, mandate.status, mandate.iban])).toEqual([
      [current.body.id, "active", IBAN],
      [old.body.id, "revoked", "ES7921000813610123456789"],
    ]);
    const bySignature = await list(memberId, "?orderBy=signedOn&orderDirection=asc&pageSize=1");
    expect(bySignature.body).toMatchObject({ totalCount: 2, totalPages: 2, items: [{ id: old.body.id }] });
    expect((await list(unknownId)).body).toMatchObject({ code: "Member.NotFound" });
  });

  it("answers 404 Billing.MandateNotFound for another member's mandate", async () => {
    const owner = await newMember();
    const mandate = await create(owner, { iban: IBAN, signedOn: "2026-01-15" });
    const other = await newMember();
    const reply = await call(getRoute, {
      path: `/api/members/${other}/mandates/${mandate.body.id}`,
      params: { id: other, mandateId: mandate.body.id },
      token,
    });
    expect(reply).toMatchObject({ status: 404, body: { code: "Billing.MandateNotFound" } });
  });
});

describe("an account outside the EEA", () => {
  it("needs the member's address (the scheme's AT-09), refused with 409 until it is on their record", async () => {
    const memberId = await newMember();
    const british = { iban: "GB33 BUKB 2020 1555 5555 55", signedOn: "2026-01-15" };
    const refused = await create(memberId, british);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { code: string }).code).toBe("Billing.DebtorAddressRequired");
    expect(await running.database.db.select().from(sepaMandates).where(eq(sepaMandates.memberId, memberId))).toEqual(
      [],
    );
    await running.database.db
      .update(members)
      .set({ addressLine: "10 Downing Street", postalCode: "SW1A 2AA", city: "London", country: "GB" })
      .where(eq(members.id, memberId));
    expect((await create(memberId, british)).status).toBe(201);
    // A Spanish account never needed it.
    expect((await create(await newMember(), { iban: IBAN, signedOn: "2026-01-15" })).status).toBe(201);
  });
});

describe("POST /api/members/{id}/mandates/{mandateId}/revoke", () => {
  it("revokes once, audited with the IBAN masked; again is 409 and changes nothing", async () => {
    const memberId = await newMember();
    const mandate = await create(memberId, { iban: IBAN, signedOn: "2026-01-15" });
    const reply = await revoke(memberId, mandate.body.id);
    expect(reply).toMatchObject({
      status: 200,
      body: { id: mandate.body.id, status: "revoked", revokedAt: expect.any(String) },
    });
    const [stored] = await storedMandates(memberId);
    expect(stored).toMatchObject({ status: "revoked", revokedBy: staffId });
    const again = await revoke(memberId, mandate.body.id);
    expect(again).toMatchObject({ status: 409, body: { code: "Billing.MandateNotActive" } });
    expect((await storedMandates(memberId))[0]?.revokedAt).toEqual(stored?.revokedAt);
    expect((await mandateAudit(memberId)).map((entry) => [entry.action, entry.data])).toEqual([
      ["billing.mandate_created", expect.objectContaining({ iban: "ES91 **** **** **** **** 1332" })],
      [
        "billing.mandate_revoked",
        expect.objectContaining({ mandateId: mandate.body.id, iban: "ES91 **** **** **** **** 1332" }),
      ],
    ]);
  });

  it("answers 404 for an unknown mandate and an unknown member", async () => {
    const memberId = await newMember();
    expect(await revoke(memberId, unknownId)).toMatchObject({ status: 404, body: { code: "Billing.MandateNotFound" } });
    expect(await revoke(unknownId, unknownId)).toMatchObject({ status: 404, body: { code: "Member.NotFound" } });
  });
});

describe("POST /api/members/{id}/mandates/{mandateId}/amend", () => {
  // CaixaBank (2100) to another CaixaBank account, and to Ibercaja (2085).
  const SAME_BANK_IBAN = "ES7921000813610123456789";
  const OTHER_BANK_IBAN = "ES6920850001610123456789";

  it("changes the account under the same reference, keeps the original until collected, audited masked", async () => {
    const memberId = await newMember();
    const mandate = await create(memberId, { iban: IBAN, bic: "CAIXESBBXXX", signedOn: "2026-01-15" });
    const reply = await amend(memberId, mandate.body.id, { iban: "es79 2100 0813 6101 2345 6789" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...mandate.body,
      iban: SAME_BANK_IBAN,
      bic: null,
      pendingAmendment: { originalIban: IBAN, originalBic: "CAIXESBBXXX", amendedAt: expect.any(String) },
    });
    expect(await storedMandates(memberId)).toEqual([
      expect.objectContaining({
        id: mandate.body.id,
        reference: mandate.body.reference,
        sequence: "first",
        iban: SAME_BANK_IBAN,
        bic: null,
        originalIban: IBAN,
        originalBic: "CAIXESBBXXX",
        amendedAt: expect.any(Date),
      }),
    ]);
    // Amended again before any collection: the original stays the account the debtor's bank knows.
    const again = await amend(memberId, mandate.body.id, { iban: OTHER_BANK_IBAN, bic: "CAZRES2ZXXX" });
    expect(again.body).toMatchObject({
      iban: OTHER_BANK_IBAN,
      bic: "CAZRES2ZXXX",
      pendingAmendment: { originalIban: IBAN, originalBic: "CAIXESBBXXX" },
    });
    expect((await mandateAudit(memberId)).map((entry) => [entry.action, entry.data])).toEqual([
      ["billing.mandate_created", expect.objectContaining({ iban: "ES91 **** **** **** **** 1332" })],
      [
        "billing.mandate_amended",
        {
          mandateId: mandate.body.id,
          reference: mandate.body.reference,
          signedOn: "2026-01-15",
          sequence: "first",
          bic: null,
          iban: "ES79 **** **** **** **** 6789",
          previousIban: "ES91 **** **** **** **** 1332",
          previousBic: "CAIXESBBXXX",
          announced: "original_account",
        },
      ],
      [
        "billing.mandate_amended",
        expect.objectContaining({
          iban: "ES69 **** **** **** **** 6789",
          previousIban: "ES79 **** **** **** **** 6789",
          announced: "SMNDA",
        }),
      ],
    ]);
    // Back to the account the bank knows: nothing is left to announce.
    const back = await amend(memberId, mandate.body.id, { iban: IBAN, bic: "CAIXESBBXXX" });
    expect(back.body).toMatchObject({ iban: IBAN, pendingAmendment: null });
    expect((await storedMandates(memberId))[0]).toMatchObject({ originalIban: null, amendedAt: null });
  });

  it("refuses a bad IBAN or BIC with a 400 problem, storing nothing", async () => {
    const memberId = await newMember();
    const mandate = await create(memberId, { iban: IBAN, signedOn: "2026-01-15" });
    const bad = await amend(memberId, mandate.body.id, { iban: "ES00 2100 0418 4502 0005 1332", bic: "NOPE" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect((bad.body as unknown as { errors: Record<string, string[]> }).errors).toEqual({
      iban: [expect.stringContaining("IBAN")],
      bic: [expect.stringContaining("BIC")],
    });
    expect((await amend(memberId, mandate.body.id, {})).status).toBe(400);
    expect((await storedMandates(memberId))[0]).toMatchObject({ iban: IBAN, originalIban: null });
    expect((await mandateAudit(memberId)).map((entry) => entry.action)).toEqual(["billing.mandate_created"]);
  });

  it("answers 409 for the account it already has, a revoked mandate, and an account outside the EEA without address", async () => {
    const memberId = await newMember();
    const mandate = await create(memberId, { iban: IBAN, bic: "CAIXESBBXXX", signedOn: "2026-01-15" });
    expect(
      await amend(memberId, mandate.body.id, { iban: "ES91 2100 0418 4502 0005 1332", bic: "caixesbbxxx" }),
    ).toMatchObject({
      status: 409,
      body: { code: "Billing.MandateAccountUnchanged" },
    });
    expect(await amend(memberId, mandate.body.id, { iban: "GB33 BUKB 2020 1555 5555 55" })).toMatchObject({
      status: 409,
      body: { code: "Billing.DebtorAddressRequired" },
    });
    await revoke(memberId, mandate.body.id);
    expect(await amend(memberId, mandate.body.id, { iban: SAME_BANK_IBAN })).toMatchObject({
      status: 409,
      body: { code: "Billing.MandateNotActive" },
    });
    expect((await storedMandates(memberId))[0]).toMatchObject({ iban: IBAN, originalIban: null });
    expect((await mandateAudit(memberId)).map((entry) => entry.action)).toEqual([
      "billing.mandate_created",
      "billing.mandate_revoked",
    ]);
  });

  it("answers 404 for an unknown mandate, another member's, and an unknown member", async () => {
    const memberId = await newMember();
    const other = await create(await newMember(), { iban: IBAN, signedOn: "2026-01-15" });
    const body = { iban: SAME_BANK_IBAN };
    expect(await amend(memberId, unknownId, body)).toMatchObject({
      status: 404,
      body: { code: "Billing.MandateNotFound" },
    });
    expect(await amend(memberId, other.body.id, body)).toMatchObject({
      status: 404,
      body: { code: "Billing.MandateNotFound" },
    });
    expect(await amend(unknownId, other.body.id, body)).toMatchObject({
      status: 404,
      body: { code: "Member.NotFound" },
    });
  });
});

describe("billing permissions", () => {
  it("are the built-in Admin's: an Admin reads and writes mandates", async () => {
    const admin = await createAccount(token, ["Admin"]);
    const memberId = await newMember();
    expect((await create(memberId, { iban: IBAN, signedOn: "2026-01-15" }, admin.token)).status).toBe(201);
    expect((await list(memberId, "", admin.token)).status).toBe(200);
  });

  it("are granted by migration 0022 to an earlier install's built-in Admin, once, and no other role", async () => {
    const billing = ["billing:read", "billing:write"];
    await running.database.db.delete(rolePermissions).where(inArray(rolePermissions.permission, billing));
    const file = await readFile(path.join(MIGRATIONS_FOLDER, "0022_sepa_mandates.sql"), "utf8");
    const grant = file
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('INSERT INTO "role_permissions"'));
    for (let run = 0; run < 2; run += 1) await running.database.db.execute(sql.raw(grant!));
    const granted = await running.database.db
      .select({ role: roles.name, permission: rolePermissions.permission })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(inArray(rolePermissions.permission, billing));
    expect(granted.sort((a, b) => a.permission.localeCompare(b.permission))).toEqual([
      { role: "Admin", permission: "billing:read" },
      { role: "Admin", permission: "billing:write" },
    ]);
  });
});
