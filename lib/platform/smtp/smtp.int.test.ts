import "@/tests/support/isolated-env";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { DependencyUnavailableError } from "../errors";
import { createMailer, type OutgoingMail, startSmtpSink } from ".";

const MAIL_FROM = "Sunrise Club <desk@sunrise.test>";

const mail = (subject: string): OutgoingMail => ({
  to: "ana@example.com",
  subject,
  html: `<p>Hello <strong>Ana</strong>: ${subject}</p>`,
  text: `Hello Ana: ${subject}`,
});

describe("embedded mailer", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "clubops-mail-"));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("captures what it sends, and keeps it across restarts", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM });

    const first = await createMailer(config);
    expect(first.kind).toBe("embedded");
    await expect(first.verify()).resolves.toBeUndefined();
    const { messageId } = await first.send(mail("Welcome to Sunrise"));
    await first.close();

    const second = await createMailer(config);
    try {
      await second.send(mail("Your renewal"));
      const [newest, oldest, ...rest] = await second.captured();
      expect(rest).toEqual([]);
      expect(newest?.subject).toBe("Your renewal");
      expect(oldest).toMatchObject({
        id: messageId,
        to: ["ana@example.com"],
        subject: "Welcome to Sunrise",
        text: "Hello Ana: Welcome to Sunrise",
      });
      expect(oldest?.from).toContain("desk@sunrise.test");
      expect(oldest?.html).toContain("<strong>Ana</strong>");
      expect(Date.parse(oldest?.receivedAt ?? "")).not.toBeNaN();
    } finally {
      await second.close();
    }
  });
});

describe("mailer at SMTP_URL", () => {
  it("sends through a real SMTP server", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "clubops-sink-"));
    const sink = await startSmtpSink({ port: 0, dir });
    const mailer = await createMailer(loadConfig({ SMTP_URL: sink.url, MAIL_FROM }));
    try {
      expect(mailer.kind).toBe("smtp");
      await mailer.send(mail("Password reset"));
      expect(await mailer.captured()).toEqual([]);
      expect((await sink.captured()).map((m) => m.subject)).toEqual(["Password reset"]);
    } finally {
      await mailer.close();
      await sink.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails fast with DependencyUnavailableError when the server is dead", async () => {
    const mailer = await createMailer(loadConfig({ SMTP_URL: "smtp://127.0.0.1:1" }));
    const started = performance.now();
    try {
      await expect(mailer.send(mail("lost"))).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(mailer.verify()).rejects.toBeInstanceOf(DependencyUnavailableError);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await mailer.close();
    }
  });
});
