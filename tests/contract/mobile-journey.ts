import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createClubOpsClient } from "@/clients/typescript";
import { daysAgo, type JourneyAccount } from "./seed";

/**
 * A mobile app's day through the generated client (clients/typescript), run by tests/contract/run.ts against the
 * production build after newman: what issue 15 asks an integrator to be able to rely on, end to end. Each step
 * checks the status and the fields an app reads; a failure names the step and prints the answer.
 */

type Answer = { data?: unknown; error?: unknown; response: Response };

let steps = 0;

/** Awaits one call, expects `status`, then runs `check` on the answer; throws with the step's name and the answer. */
async function step<A extends Answer>(
  name: string,
  call: Promise<A>,
  status: number,
  check: (answer: A) => void = () => {},
): Promise<A> {
  const answer = await call;
  steps += 1;
  try {
    assert.equal(answer.response.status, status, `status ${answer.response.status}, expected ${status}`);
    check(answer);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    const body = JSON.stringify(answer.data ?? answer.error ?? null, null, 2);
    throw new Error(`mobile journey, step "${name}": ${reason}\nanswer: ${answer.response.status} ${body}`);
  }
  return answer;
}

/** Runs the journey as `account` against `base`; resolves to the number of steps it checked. */
export async function runMobileJourney(base: string, account: JourneyAccount): Promise<number> {
  steps = 0;
  let accessToken: string | undefined;
  const api = createClubOpsClient({ baseUrl: base, accessToken: () => accessToken });

  const login = await step(
    "sign in with body transport",
    api.POST("/api/auth/login", {
      body: { email: account.email, password: account.password, refreshTokenTransport: "body" },
    }),
    200,
    ({ data }) => {
      assert.ok(data?.accessToken && data.refreshToken, "access and refresh tokens in the body");
      assert.ok(data.refreshTokenExpiresAt, "refreshTokenExpiresAt");
      assert.equal(data.mustChangePassword, false);
    },
  );
  accessToken = login.data?.accessToken;
  let refreshToken = String(login.data?.refreshToken);

  await step("list members", api.GET("/api/members", { params: { query: { pageSize: 2 } } }), 200, ({ data }) => {
    assert.equal(data?.items.length, 2);
    assert.ok((data?.totalPages ?? 0) > 1, "more than one page");
  });
  await step(
    "search members",
    api.GET("/api/members", { params: { query: { search: "member1@club.example" } } }),
    200,
    ({ data }) => {
      assert.deepEqual(
        data?.items.map((member) => [member.email, member.fullName, member.currentPlan?.id]),
        [["member1@club.example", "Member1 Contract", account.planId]],
      );
    },
  );

  const idempotencyKey = randomUUID();
  const enrol = () =>
    api.POST("/api/members/enroll", {
      params: { header: { "Idempotency-Key": idempotencyKey } },
      body: {
        member: { firstName: "Mo", lastName: "Bile", email: `mobile-${idempotencyKey}@club.example` },
        subscription: { planId: account.planId, billingPeriod: "monthly" },
      },
    });
  const enrolled = await step("enrol with an Idempotency-Key", enrol(), 201, ({ data, response }) => {
    assert.equal(data?.member.status, "active");
    assert.equal(data?.subscription.planId, account.planId);
    assert.equal(response.headers.get("location"), `/api/members/${data?.member.id}`);
  });
  // As if the first answer was lost: the same key and body give the kept answer, nothing is enrolled twice.
  await step("enrol retried with the same key", enrol(), 201, ({ data, response }) => {
    assert.equal(response.headers.get("idempotency-replayed"), "true");
    assert.deepEqual(data, enrolled.data);
  });
  const memberId = String(enrolled.data?.member.id);
  const subscriptionId = String(enrolled.data?.subscription.id);

  await step(
    "change plan",
    api.POST("/api/members/{id}/subscriptions/{sid}/change-plan", {
      params: { path: { id: memberId, sid: subscriptionId }, header: { "Idempotency-Key": randomUUID() } },
      body: { planId: account.otherPlanId },
    }),
    201,
    ({ data }) => {
      assert.equal(data?.planId, account.otherPlanId);
      assert.equal(data?.previousSubscriptionId, subscriptionId);
      assert.equal(data?.status, "active");
      assert.match(String(data?.price), /^\d+\.\d{2}$/);
    },
  );

  const clockIn = await step(
    "clock in",
    api.POST("/api/users/me/clock-in", {
      params: { header: { "Idempotency-Key": randomUUID() } },
      body: { source: "MobileApp" },
    }),
    201,
    ({ data }) => assert.equal(data?.direction, "in"),
  );
  await step(
    "clock out",
    api.POST("/api/users/me/clock-out", {
      params: { header: { "Idempotency-Key": randomUUID() } },
      body: { source: "MobileApp", note: "end of shift" },
    }),
    201,
    ({ data }) => {
      assert.equal(data?.direction, "out");
      assert.equal(data?.checkIn.id, clockIn.data?.id);
    },
  );

  // Two records a page: the seed's three processed days take two pages and end with a null cursor.
  const dates: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await step(
      `attendance history${cursor ? " (next page)" : ""}`,
      api.GET("/api/users/me/attendance", { params: { query: { limit: 2, cursor } } }),
      200,
      ({ data }) => assert.ok((data?.items.length ?? 0) > 0, "a page has records"),
    );
    dates.push(...(page.data?.items.map((record) => record.date) ?? []));
    cursor = page.data?.nextCursor ?? undefined;
  } while (cursor);
  assert.deepEqual(
    [...dates].sort().reverse(),
    dates,
    `attendance history runs newest first without repeats: ${dates.join(", ")}`,
  );
  assert.ok(new Set(dates).size === dates.length && dates.length >= 3, `three days or more: ${dates.join(", ")}`);

  const date = daysAgo(5);
  await step(
    "correction request",
    api.POST("/api/attendance-requests", {
      params: { header: { "Idempotency-Key": randomUUID() } },
      body: { date, checkIn: `${date}T08:00:00Z`, checkOut: `${date}T16:30:00Z`, reason: "phone battery died" },
    }),
    201,
    ({ data }) => {
      assert.equal(data?.status, "Open");
      assert.equal(data?.date, date);
    },
  );

  const refresh = () => api.POST("/api/auth/refresh", { body: { refreshToken } });
  const refreshed = await step("refresh", refresh(), 200, ({ data }) => {
    assert.ok(data?.accessToken && data.refreshToken && data.refreshToken !== refreshToken, "a rotated token");
  });
  // The answer was lost: the same token again, within the reuse interval, gets the same successor.
  await step("refresh retried with the same token", refresh(), 200, ({ data }) => {
    assert.equal(data?.refreshToken, refreshed.data?.refreshToken);
  });
  accessToken = refreshed.data?.accessToken;
  refreshToken = String(refreshed.data?.refreshToken);

  await step("sign out", api.POST("/api/auth/logout", { body: { refreshToken } }), 204);
  await step("the signed-out access token", api.GET("/api/auth/me"), 401, ({ error, response }) => {
    assert.equal(error?.code, "Auth.TokenRevoked");
    assert.match(String(response.headers.get("www-authenticate")), /^Bearer .*error="invalid_token"/);
  });
  return steps;
}
