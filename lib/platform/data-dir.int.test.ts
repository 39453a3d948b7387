// An empty DATA_DIR, as on a first start: PGlite creates its cluster here with modes of its own.
import "@/tests/support/fresh-data-dir";
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { completeSetup } from "@/tests/support/accounts";
import { resetDatabase } from "@/tests/support/reset-database";
import { platform, stopPlatform } from "./container";

const config = getConfig();
const dataDir = config.dataDir;
/** What this run keeps under DATA_DIR: PGlite unless a PostgreSQL server is configured (npm test runs both). */
const embedded = [...(config.DATABASE_URL ? [] : ["pglite"]), "s3", "chdb", "mail"];

/** Every directory and file under `dir` (itself included) that its group or other users may read, write or enter. */
function openToOthers(dir: string): string[] {
  const stats = lstatSync(dir);
  if (stats.isSymbolicLink()) return []; // a link's own mode means nothing; its target is walked where it lives
  const here =
    (stats.mode & 0o077) !== 0 ? [`${(stats.mode & 0o777).toString(8)} ${path.relative(dataDir, dir) || "."}`] : [];
  if (!stats.isDirectory()) return here;
  return [...here, ...readdirSync(dir).flatMap((name) => openToOthers(path.join(dir, name)))];
}

/** What an older version left: everything readable and writable by anyone. */
function loosen(dir: string): number {
  const stats = lstatSync(dir);
  if (stats.isSymbolicLink()) return 0;
  chmodSync(dir, stats.isDirectory() ? 0o777 : 0o666);
  return 1 + (stats.isDirectory() ? readdirSync(dir).reduce((sum, name) => sum + loosen(path.join(dir, name)), 0) : 0);
}

/** Writes through every embedded component: the database (setup), object storage and the SMTP sink. */
async function useEveryComponent(label: string): Promise<void> {
  const running = await platform();
  if (label === "fresh") {
    await resetDatabase(running.database);
    await completeSetup();
  }
  await running.storage.put("club-documents", `${label}/contract.pdf`, Buffer.from("%PDF-1.7"), {
    contentType: "application/pdf",
  });
  await running.mailer.send({ to: "ana@example.com", subject: label, html: "<p>hi</p>", text: "hi" });
}

afterAll(stopPlatform);

describe("DATA_DIR is for the service's user only", () => {
  it("creates a fresh data directory with nothing open to other local users", async () => {
    await useEveryComponent("fresh");

    for (const component of embedded) expect(readdirSync(path.join(dataDir, component)).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it("tightens a data directory an older version left open, at start", async () => {
    await stopPlatform();
    const loosened = loosen(dataDir);
    expect(openToOthers(dataDir)).toHaveLength(loosened);

    await useEveryComponent("restarted");

    expect(loosened).toBeGreaterThan(config.DATABASE_URL ? 20 : 1000);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
