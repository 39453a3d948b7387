import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { clubFormat } from "@/console/i18n/format";
import { DEPENDENCIES } from "@/lib/health/service";
import { JOBS } from "@/lib/jobs/definitions";
import type { ClubLanguage } from "@/lib/settings/club-locale";
import { cataloguesByLanguage } from "@/messages";
import { type JobMessages, jobWordsOf, scheduleOf } from "./job-words";

const LANGUAGES = Object.keys(cataloguesByLanguage) as ClubLanguage[];

function jobMessages(language: ClubLanguage): JobMessages {
  const messages = cataloguesByLanguage[language] as Record<string, Record<string, unknown>>;
  const t = createTranslator({ locale: language, messages, namespace: "system.jobs.list" as never });
  return { has: (key) => t.has(key as never), text: t as unknown as JobMessages["text"] };
}

const wordsOf = (language: ClubLanguage, name: string) =>
  jobWordsOf(jobMessages(language), name, clubFormat({ language, timeZone: "Europe/Madrid", currency: "EUR" }));

describe("the background jobs in words", () => {
  it.each(LANGUAGES)("name and describe every job of the job table in %s", (language) => {
    for (const job of JOBS) {
      const words = wordsOf(language, job.name);
      expect({ job: job.name, title: words.title, description: words.description }).toEqual({
        job: job.name,
        title: expect.any(String),
        description: expect.any(String),
      });
    }
  });

  it("word the attendance job's result, with the day in the reader's format", () => {
    const outcome = { date: "2026-11-25", classified: 42, written: 3, skippedRegularized: 1 };
    expect(wordsOf("en", "process-daily-attendance").result(outcome)).toBe(
      "Classified 42 employees’ attendance for 25 Nov 2026: 3 records changed, 1 corrected day kept.",
    );
    expect(wordsOf("es", "process-daily-attendance").result(outcome)).toBe(
      "Asistencia del 25 nov 2026 clasificada para 42 empleados: 3 registros cambiados, 1 día corregido se mantiene.",
    );
  });

  it("word every job's result from the outcome it returns", () => {
    const outcomes: Record<string, Record<string, number | string>> = {
      "forward-audit-log": { forwarded: 0, batches: 0 },
      "deliver-mail": { sent: 2, retrying: 1, failed: 0 },
      "deliver-invoices": { delivered: 3, alreadyDone: 0, failed: 1 },
      "submit-verifactu-records": { sent: 3, accepted: 2, acceptedWithErrors: 0, rejected: 1, retrying: 0, held: "no" },
      "process-dunning": { markedOverdue: 2, reminded: 3, suspended: 1, reactivated: 0 },
      "notify-debits": { notified: 3, mailed: 2 },
      "process-auto-renewals": { renewed: 1, mailed: 1 },
      "expire-subscriptions": { expired: 2, membersExpired: 1 },
      "check-expiring-subscriptions": { reminded: 3 },
      "send-renewal-notices": { noticed: 2 },
      "expire-temp-files": { expired: 0 },
      "prune-password-throttles": { throttles: 1, knownAddresses: 4 },
      "prune-idempotency-keys": { keys: 7 },
      "purge-unconfirmed-sign-ups": { purged: 2 },
    };
    for (const language of LANGUAGES)
      for (const [name, outcome] of Object.entries(outcomes)) {
        const result = wordsOf(language, name).result(outcome);
        expect({ name, result }).toEqual({ name, result: expect.not.stringMatching(/[{}]|\.result$|: \d/) });
      }
    expect(wordsOf("en", "forward-audit-log").result({ forwarded: 0, batches: 0 })).toBe(
      "There was nothing new to move.",
    );
    expect(wordsOf("es", "deliver-invoices").result({ delivered: 1, alreadyDone: 0, failed: 0 })).toBe(
      "Se guardó y envió 1 factura.",
    );
    expect(wordsOf("en", "deliver-invoices").result({ delivered: 2, alreadyDone: 0, failed: 1 })).toBe(
      "Saved and emailed 2 invoices; 1 could not be saved and will be tried again.",
    );
  });

  it("word the VERI*FACTU submission's result, and why it sent nothing", () => {
    const outcome = { sent: 3, accepted: 2, acceptedWithErrors: 0, rejected: 1, retrying: 0, held: "no" };
    expect(wordsOf("es", "submit-verifactu-records").result(outcome)).toBe(
      "Se enviaron 3 registros de facturación a la Agencia Tributaria. Aceptados 2, con errores 0, rechazados 1, por reenviar 0.",
    );
    expect(wordsOf("en", "submit-verifactu-records").result({ ...outcome, sent: 0, held: "disabled" })).toBe(
      "Nothing sent: no electronic certificate for the tax agency is set up.",
    );
  });

  it("keep the API's words for a job the console does not know yet", () => {
    const words = wordsOf("es", "future-job");
    expect(words.title).toBeNull();
    expect(words.result({ done: 2 })).toBe("done: 2");
  });

  it("read a schedule as every minute, every few minutes, every hour or every day at a time", () => {
    expect(scheduleOf("TZ=Europe/Madrid * * * * *")).toEqual({ kind: "everyMinute", values: {} });
    expect(scheduleOf("TZ=Europe/Madrid */5 * * * *")).toEqual({ kind: "everyMinutes", values: { minutes: 5 } });
    expect(scheduleOf("TZ=Europe/Madrid 15 * * * *")).toEqual({ kind: "hourly", values: { minute: "15" } });
    expect(scheduleOf("TZ=Europe/Madrid 0 3 * * *")).toEqual({ kind: "daily", values: { time: "03:00" } });
    expect(scheduleOf("TZ=Europe/Madrid 0 3 * * 1")).toEqual({ kind: "cron", values: { cron: "0 3 * * 1" } });
  });
});

describe("the system health page in words", () => {
  it.each(LANGUAGES)("names and explains every dependency the readiness report checks in %s", (language) => {
    const health = (cataloguesByLanguage[language] as { system: { health: { dependency: Record<string, unknown> } } })
      .system.health.dependency;
    for (const name of DEPENDENCIES)
      expect({ name, words: health[name] }).toEqual({
        name,
        words: { name: expect.any(String), what: expect.any(String) },
      });
  });
});
