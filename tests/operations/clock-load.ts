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

async function clockedIn(base: string, token: string): Promise<boolean | undefined> {
  const reply = await fetch(`${base}/api/users/me/clock`, { headers: { authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
  return reply?.ok ? ((await reply.json()) as { clockedIn: boolean }).clockedIn : undefined;
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
        let error: string | undefined;
        // As long as the balancer waits for an instance (`timeout server`): a slow answer is still an answer.
        const reply = await fetch(`${base}/api/users/me/clock-${direction}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: BODY,
          signal: AbortSignal.timeout(60_000),
        }).catch((failure: unknown) => {
          error = innermostCause(failure);
          return undefined;
        });
        if (reply?.ok) {
          const event = (await reply.json()) as { id: string };
          answers.push({ direction, sentAt, status: reply.status, eventId: event.id });
          isIn = !isIn;
        } else {
          answers.push({ direction, sentAt, status: reply?.status ?? 0, ...(error && { error }) });
          await reply?.body?.cancel();
          isIn = (await clockedIn(base, token)) ?? isIn;
        }
      }
    }),
  );
  return answers;
}
