import "@/tests/support/isolated-env";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as enroll } from "@/app/api/members/enroll/route";
import { type Platform, stopPlatform } from "@/lib/platform/container";
import { invoices, members, subscriptions } from "@/lib/platform/db/schema";
import { processAutoRenewals } from "@/lib/subscriptions/jobs";
import { call } from "@/tests/support/api";
import { billingClub, enrol } from "@/tests/support/billing";

/**
 * The chain head's row serialises all issuing (lib/billing/chain.ts). A transaction holding it, here one of the test's
 * own on another connection of the pool, made every enrolment wait for the statement timeout (15 s) and answer 504.
 * A request now waits at most 5 s for it; a job waits its turn. Needs a second connection: PostgreSQL only.
 */
describe.runIf(process.env.DATABASE_URL)("waiting for the issuing locks", () => {
  let running: Platform;
  let token: string;
  let gold: string;

  beforeAll(async () => {
    ({ running, token, gold } = await billingClub());
    // The first issue creates the chain head's row.
    await enrol(token, gold, { firstName: "First", lastName: "Member", email: "first@club.example" });
  });
  afterAll(stopPlatform);

  /** Locks the chain head in a transaction of its own, until the answer is called. */
  async function holdChainHead(): Promise<() => Promise<void>> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const locking = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = running.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from invoice_chain_head for update`);
      locked();
      await released;
    });
    await locking;
    return async () => {
      release();
      await holding;
    };
  }

  it("answers an enrolment 504 after waiting 5 s for a held chain head, and stores nothing of it", async () => {
    const member = { firstName: "Waiting", lastName: "Member", email: "waiting@club.example" };
    const release = await holdChainHead();
    const started = Date.now();
    let reply: Awaited<ReturnType<typeof call>>;
    try {
      reply = await call(enroll, {
        path: "/api/members/enroll",
        token,
        body: { member, subscription: { planId: gold, billingPeriod: "monthly" } },
      });
    } finally {
      await release();
    }
    const waited = Date.now() - started;
    expect(reply.status).toBe(504);
    expect(reply.body).toMatchObject({ status: 504, title: "The request timed out waiting for a required service." });
    expect(waited).toBeGreaterThanOrEqual(5_000);
    expect(waited).toBeLessThan(8_000);
    expect(await running.database.db.select().from(members).where(eq(members.email, member.email))).toEqual([]);

    // Once the lock is free the same enrolment goes through, with its invoice.
    const memberId = await enrol(token, gold, member);
    expect(await running.database.db.select().from(invoices).where(eq(invoices.memberId, memberId))).toHaveLength(1);
  });

  it("lets the renewal job wait its turn instead: held 6 s, it renews and invoices once the lock is free", async () => {
    const [first] = await running.database.db.select().from(members).where(eq(members.email, "first@club.example"));
    const now = new Date();
    await running.database.db
      .update(subscriptions)
      .set({ autoRenew: true, endsAt: new Date(now.getTime() + 3_600_000) })
      .where(eq(subscriptions.memberId, first!.id));
    const release = await holdChainHead();
    let renewing: ReturnType<typeof processAutoRenewals>;
    try {
      renewing = processAutoRenewals(running, now);
      await sleep(6_000);
    } finally {
      await release();
    }
    expect(await renewing).toEqual({ renewed: 1, mailed: 1, invoiced: 1 });
  });
});
