import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { AuditLogRow } from "@/console/club-api";
import { clubFormat } from "@/console/i18n/format";
import type { ClubLanguage } from "@/lib/settings/club-locale";
import { cataloguesByLanguage } from "@/messages";
import { sentenceKeyOf, sentenceValues, subjectHref } from "./entry-words";

const CLUB_LANGUAGES = Object.keys(cataloguesByLanguage) as ClubLanguage[];

/**
 * Every action the code writes to the trail: the string literals on the `action:` lines of lib (ternaries included)
 * and the action constants (`export const MEMBER_STATUS_CHANGED = "members.status_changed"`).
 */
function writtenActions(): string[] {
  const sources = readdirSync("lib", { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
  );
  const actions = new Set<string>();
  for (const file of sources) {
    for (const line of readFileSync(path.join("lib", file), "utf8").split("\n")) {
      if (/\baction:/.test(line) || /^export const [A-Z_]+ = "[a-z]+\.[a-z_]+";/.test(line))
        for (const [, action] of line.matchAll(/"([a-z]+\.[a-z_]+)"/g)) if (action) actions.add(action);
    }
  }
  return [...actions].sort();
}

const entry = (overrides: Partial<AuditLogRow>): AuditLogRow => ({
  id: "7d0f2b1e-0000-4000-8000-000000000001",
  occurredAt: "2026-11-23T08:05:00.000Z",
  action: "personnel.attendance_request_submitted",
  severity: "Info",
  actorId: "u-1",
  actor: { id: "u-1", name: "Andrés Romero", email: "andres@club.example", employeeId: "e-1" },
  entity: "attendance_request",
  entityId: "r-1",
  subject: { kind: "employee", id: "e-1", name: "Andrés Romero" },
  data: { date: "2026-11-23" },
  traceId: null,
  ...overrides,
});

/** A sentence as the console writes it, the names' links as plain text. */
function sentence(language: ClubLanguage, row: AuditLogRow): string {
  const messages = cataloguesByLanguage[language] as Record<string, Record<string, unknown>>;
  const t = createTranslator({ locale: language, messages, namespace: "audit" as never });
  const format = clubFormat({ language, timeZone: "Europe/Madrid", currency: "EUR" });
  const values = sentenceValues(row, format, {
    system: t("system" as never),
    someone: t("someone" as never),
    entityNoun: (entity) => t(`entities.${entity}` as never),
    jobTitle: (name) => name,
    memberStatus: (status) => t("memberStatus" as never, { status } as never),
  });
  const key = sentenceKeyOf(row.action);
  const plain = (chunks: unknown) => (Array.isArray(chunks) ? chunks.join("") : String(chunks));
  const rich = t.markup as unknown as (key: string, values: Record<string, unknown>) => string;
  return rich(key && t.has(key as never) ? key : "unknownAction", { ...values, actor: plain, subject: plain });
}

describe("the audit log's sentences", () => {
  const actions = writtenActions();

  it("finds the actions the code writes", () => {
    expect(actions.length).toBeGreaterThan(50);
    expect(actions).toEqual(
      expect.arrayContaining(["members.status_changed", "auth.refresh_retried", "auth.login_throttled"]),
    );
  });

  it.each(CLUB_LANGUAGES)("has a sentence in %s for every action the code writes", (language) => {
    const messages = cataloguesByLanguage[language] as { audit: { sentences: Record<string, Record<string, string>> } };
    const missing = actions.filter((action) => {
      const [module = "", verb = ""] = action.split(".");
      return typeof messages.audit.sentences[module]?.[verb] !== "string";
    });
    expect(missing, `add these actions to messages/${language}/audit.json, sentences`).toEqual([]);
  });

  it.each(CLUB_LANGUAGES)("writes every action's sentence in %s with nothing left unfilled", (language) => {
    for (const action of actions) {
      const words = sentence(language, entry({ action, data: { date: "2026-11-23", count: 2, to: "active" } }));
      expect({ action, words }).toEqual({ action, words: expect.not.stringMatching(/[{}<>]|sentences\./) });
    }
  });

  it("reads as the people who did it, with the club's day", () => {
    expect(sentence("en", entry({}))).toBe("Andrés Romero submitted a correction for 23 Nov 2026");
    expect(sentence("es", entry({}))).toBe("Andrés Romero pidió una corrección del 23 nov 2026");
  });

  it("tells someone clocking in from a manager clocking them in, on the club's clock", () => {
    const clockIn = {
      action: "personnel.clock_in",
      entity: "employee",
      entityId: "e-1",
      data: { occurredAt: "2026-11-23T08:05:00.000Z" },
    };
    expect(sentence("en", entry(clockIn))).toBe("Andrés Romero clocked in at 09:05");
    const byManager = entry({
      ...clockIn,
      actorId: "u-2",
      actor: { id: "u-2", name: "Marta Ruiz", email: "marta@club.example", employeeId: null },
    });
    expect(sentence("es", byManager)).toBe("Marta Ruiz fichó la entrada de Andrés Romero a las 9:05");
  });

  it("names the system, a record that is gone by what the entry kept, else by its kind", () => {
    const deleted = entry({
      action: "personnel.holiday_list_deleted",
      entity: "holiday_list",
      subject: null,
      data: { name: "Madrid 2026" },
    });
    expect(sentence("en", deleted)).toBe("Andrés Romero deleted the holiday list Madrid 2026");
    const expired = entry({
      action: "members.status_changed",
      actorId: null,
      actor: null,
      entity: "member",
      subject: null,
      data: { to: "expired" },
    });
    expect(sentence("es", expired)).toBe("El sistema pasó a un socio al estado caducado");
  });

  it("still reads an action it has no sentence for", () => {
    expect(sentence("en", entry({ action: "future.thing_done" }))).toBe("Andrés Romero: future.thing_done");
  });
});

describe("links in the sentences", () => {
  it("go to the record's page only when the viewer may open it", () => {
    expect(subjectHref("member", "m-1", { member: true })).toBe("/members/m-1");
    expect(subjectHref("member", "m-1", { member: false })).toBeNull();
    expect(subjectHref("employee", "e-1", { employee: true })).toBe("/employees/e-1");
    expect(subjectHref("shift_type", "s-1", { shift_type: true })).toBeNull();
  });
});
