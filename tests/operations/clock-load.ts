/** One clock request of the load and how it was answered: `status` 0 and `error` when no HTTP answer came. */
export type ClockAnswer = { direction: "in" | "out"; sentAt: number; status: number; eventId?: string; error?: string };

/** The error's innermost cause (undici wraps "other side closed", ECONNRESET … in "fetch failed"). */
const innermostCause = (error: unknown): string =>
  error instanceof Error
    ? error.cause
      ? innermostCause(error.cause)
      : `${error.name}: ${error.message}`
    : String(error);

const BODY = JSON.stringify({ source: "BiometricTerminal" });

/**
 * One request and its answer's JSON body, or the reason no whole answer came: a killed instance may close the
 * connection after the headers, so the body is read inside the same guard as the request.
 */
async function exchange(url: string, init: RequestInit): Promise<{ status: number; body?: unknown; error?: string }> {
  try {
    const reply = await fetch(url, init);
    if (!reply.ok) {
      await reply.body?.cancel();
      return { status: reply.status };
    }
    return { status: reply.status, body: await reply.json() };
  } catch (failure) {
    return { status: 0, error: innermostCause(failure) };
  }
}

async function clockedIn(base: string, token: string): Promise<boolean | undefined> {
  const reply = await exchange(`${base}/api/users/me/clock`, { headers: { authorization: `Bearer ${token}` } });
  return reply.body ? (reply.body as { clockedIn: boolean }).clockedIn : undefined;
}

/**
 * Each employee (token) clocks in and out in turn through `base`, one request at a time, until `done()` says stop:
 * a bounded load, as many requests in flight as employees. After a request that was not answered 2xx the employee
 * asks where it stands (the lost request may have committed) and goes on from there.
 */
export async function clockLoad(base: string, tokens: string[], done: () => boolean): Promise<ClockAnswer[]> {
  const answers: ClockAnswer[] = [];
  await Promise.all(
    tokens.map(async (token) => {
      let isIn = (await clockedIn(base, token)) ?? false;
      while (!done()) {
        const direction = isIn ? "out" : "in";
        const sentAt = Date.now();
        // As long as the balancer waits for an instance (`timeout server`): a slow answer is still an answer.
        const reply = await exchange(`${base}/api/users/me/clock-${direction}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: BODY,
          signal: AbortSignal.timeout(60_000),
        });
        if (reply.body) {
          answers.push({ direction, sentAt, status: reply.status, eventId: (reply.body as { id: string }).id });
          isIn = !isIn;
        } else {
          answers.push({ direction, sentAt, status: reply.status, ...(reply.error && { error: reply.error }) });
          isIn = (await clockedIn(base, token)) ?? isIn;
        }
      }
    }),
  );
  return answers;
}
