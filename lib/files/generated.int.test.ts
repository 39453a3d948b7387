import "@/tests/support/isolated-env";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { files } from "@/lib/platform/db/schema";
import { businessError, fail, ok } from "@/lib/platform/result";
import { auditEntriesOf } from "@/tests/support/audit";
import { resetDatabase } from "@/tests/support/reset-database";
import { findFile } from "./repository";
import { type GeneratedFile, storeGeneratedFile } from "./service";

let running: Platform;

beforeAll(async () => {
  running = await platform();
});
beforeEach(async () => {
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

const invoiceId = "5b0c8f52-2f7e-4d59-9a56-0f1a3c7e9d21";
const pdf: GeneratedFile = {
  bucket: "club-documents",
  fileName: "F2026-000123.pdf",
  contentType: "application/pdf",
  content: new TextEncoder().encode("%PDF-1.7 an invoice"),
  subject: { type: "invoice", id: invoiceId },
};
const deps = () => ({ db: running.database.db, storage: running.storage });

describe("generated files", () => {
  it("stores the object and its row, owned by its subject and audited as the system's", async () => {
    const stored = await storeGeneratedFile(deps(), pdf, async (_tx, file) => ok(file));
    if (!stored.ok) throw new Error(stored.error.message);

    const file = await findFile(running.database.db, stored.value.id);
    expect(file).toMatchObject({
      bucket: "club-documents",
      fileName: "F2026-000123.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf.content.byteLength,
      ownerUserId: null,
      memberId: null,
    });
    const object = await running.storage.get("club-documents", file?.objectKey ?? "");
    if (!object) throw new Error("no object");
    expect(new TextDecoder().decode(await buffer(object.body))).toBe("%PDF-1.7 an invoice");
    const [audit] = await auditEntriesOf(running.database, stored.value.id);
    expect(audit).toMatchObject({ action: "files.generated", actorId: null });
    expect(audit?.data).toMatchObject({ subjectType: "invoice", subjectId: invoiceId, bucket: "club-documents" });
  });

  it("deletes the object again when the work stored with it refuses, leaving neither row nor object", async () => {
    let objectKey = "";
    const refused = await storeGeneratedFile(deps(), pdf, async (tx, file) => {
      objectKey = (await findFile(tx, file.id))?.objectKey ?? "";
      return fail(businessError("Billing.Test", "conflict", "refused"));
    });

    expect(refused.ok).toBe(false);
    expect(await running.database.db.$count(files)).toBe(0);
    expect(objectKey).not.toBe("");
    expect(await running.storage.get("club-documents", objectKey)).toBeNull();
  });
});
