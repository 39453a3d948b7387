import "@/tests/support/isolated-env";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "@/lib/mail/outbox";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { mailOutbox } from "@/lib/platform/db/schema/mail";
import { slotEvent } from "@/tests/support/job-slots";
import { resetDatabase } from "@/tests/support/reset-database";
import { inngestFunction } from ".";

const deliverMail = inngestFunction("deliver-mail");

let running: Platform;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

describe("deliver-mail Inngest function", () => {
  it("sends due outbox mail in its step", async () => {
    for (const memberName of ["Ana", "Ben"]) {
      await enqueueMail(running.database.db, {
        template: "welcome",
        to: `${memberName.toLowerCase()}@example.com`,
        props: {
          memberName,
          planName: "Gold Monthly",
          startsOn: "2025-03-01",
          endsOn: "2025-03-31",
          clubName: "Sunrise",
        },
      });
    }

    const { result, error } = await new InngestTestEngine({ function: deliverMail, events: [slotEvent(1)] }).execute();

    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "completed", outcome: { sent: 2, retrying: 0, failed: 0 } });
    const captured = await running.mailer.captured();
    expect(captured.flatMap((mail) => mail.to).sort()).toEqual(["ana@example.com", "ben@example.com"]);
    expect(await running.database.db.$count(mailOutbox)).toBe(2);
  });

  it("sends nothing twice when run again", async () => {
    const { result } = await new InngestTestEngine({ function: deliverMail, events: [slotEvent(2)] }).execute();
    expect(result).toMatchObject({ status: "completed", outcome: { sent: 0 } });
    expect(await running.mailer.captured()).toHaveLength(2);
  });
});
