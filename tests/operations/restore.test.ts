import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonApi, setUpClub } from "@/bench/club-api";
import { postgresBin } from "@/tests/reliability/services";
import { type AppInstance, startAppInstance } from "./app-instance";

/**
 * docs/operations.md, "Backup and restore", run as written: a club's database seeded with the project's data set
 * (scripts/seed.ts) under a running production instance, dumped with `pg_dump -Fc`, restored with `pg_restore` into a
 * new database, and a second instance started on the copy answers the same members to the same sign-in.
 */

const run = promisify(execFile);
const serverUrl = process.env.DATABASE_URL_REAL;
const onDatabase = (name: string) => Object.assign(new URL(serverUrl!), { pathname: `/${name}` }).toString();

type MemberPage = { items: { id: string }[]; totalCount: number; totalPages: number };

/** Every member the list answers, page by page, as the console would show them. */
async function allMembers(base: string, token: string): Promise<MemberPage["items"]> {
  const members: MemberPage["items"] = [];
  for (let pageNumber = 1, totalPages = 1; pageNumber <= totalPages; pageNumber += 1) {
    const response = await fetch(`${base}/api/members?pageNumber=${pageNumber}&pageSize=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as MemberPage;
    members.push(...body.items);
    totalPages = body.totalPages;
  }
  return members;
}

/** Rows per table: what the dump must carry over, beyond what one route shows. */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await client<{ name: string }[]>`
      select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`;
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await client.unsafe<[{ n: number }]>(`select count(*)::int as n from ${name}`);
      counts[name] = row.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

describe.runIf(serverUrl)("backup and restore of the PostgreSQL database", () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const [source, restored] = [`restore_source_${suffix}`, `restore_copy_${suffix}`];
  let work: string;
  let admin: postgres.Sql;
  const secret = randomBytes(48).toString("base64url");
  // An instance on `database`, with a data directory of its own: the stores other than PostgreSQL stay embedded.
  const env = (database: string, name: string) => ({
    DATABASE_URL: onDatabase(database),
    AUTH_SECRET: secret,
    DATA_DIR: mkdtempSync(path.join(work, `${name}-`)),
  });
  const instances: AppInstance[] = [];
  let ownerLogin: { email: string; password: string };
  let before: { members: MemberPage["items"]; counts: Record<string, number> };

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "clubops-restore-"));
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${source}`);
    const original = await startAppInstance({ env: env(source, "original") });
    instances.push(original);
    const owner = await setUpClub(jsonApi(original.base));
    ownerLogin = { email: owner.email, password: owner.password };
    // The seed refuses a database with users in it unless forced: the owner above is the only one.
    await run("node_modules/.bin/tsx", ["scripts/seed.ts", "--members", "250", "--employees", "20", "--force"], {
      env: { ...process.env, DATABASE_URL: onDatabase(source) },
    });
    before = {
      members: await allMembers(original.base, owner.accessToken),
      counts: await tableCounts(onDatabase(source)),
    };
    await original.stop();
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await admin.unsafe(`drop database if exists ${source} with (force)`);
    await admin.unsafe(`drop database if exists ${restored} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  });

  it("round-trips through pg_dump -Fc and pg_restore, and a new instance serves the same members", async () => {
    const bin = postgresBin();
    const dump = path.join(work, "clubops.dump");
    await run(`${bin}/pg_dump`, ["--format=custom", "--file", dump, onDatabase(source)]);
    await admin.unsafe(`create database ${restored}`);
    await run(`${bin}/pg_restore`, ["--exit-on-error", "--no-owner", "--dbname", onDatabase(restored), dump]);

    expect(await tableCounts(onDatabase(restored))).toEqual(before.counts);
    const copy = await startAppInstance({ env: env(restored, "restored") });
    instances.push(copy);
    const login = await jsonApi(copy.base)<{ accessToken: string }>("POST", "/api/auth/login", ownerLogin);
    const members = await allMembers(copy.base, login.accessToken);
    expect(new Set(members.map((member) => member.id)).size).toBe(250);
    expect(members).toEqual(before.members);
  });
});
