import type autocannon from "autocannon";
import { SETUP_CODE_HEADERS } from "@/tests/support/setup-code";

// A club set up over HTTP, as the HTTP benchmarks and the multi-instance test (tests/operations) need it: the
// platform and its superadmin, then employees who can sign in and clock.

const PASSWORD = "Lantern-Harbour-Tide-42";

export type ApiCall = <T>(
  method: string,
  route: string,
  body?: unknown,
  token?: string,
  headers?: Record<string, string>,
) => Promise<T>;

/**
 * JSON calls to `base` that throw on a non-2xx answer. `headers` go on every call: the operations tests give each
 * caller an X-Forwarded-For of its own, so setting a club up does not spend the rate limit the test exercises.
 */
export function jsonApi(base: string, headers: Record<string, string> = {}): ApiCall {
  return async <T>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
    extra: Record<string, string> = {},
  ): Promise<T> => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...headers,
        ...extra,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/** A fresh club: the platform named, its superadmin created; returns the superadmin's email, password and token. */
export async function setUpClub(api: ApiCall): Promise<{ email: string; password: string; accessToken: string }> {
  await api("POST", "/api/setup/platform", { platformName: "Bench Club" }, undefined, SETUP_CODE_HEADERS);
  const email = "owner@bench.example";
  const admin = await api<{ accessToken: string }>(
    "POST",
    "/api/setup/superadmin",
    { email, username: "owner", password: PASSWORD, firstName: "Bench", lastName: "Owner" },
    undefined,
    SETUP_CODE_HEADERS,
  );
  return { email, password: PASSWORD, accessToken: admin.accessToken };
}

/** A signed-in employee: created by the admin, temporary password replaced, linked to an employee record. */
export async function signedInEmployee(api: ApiCall, adminToken: string, index: number): Promise<string> {
  const email = `clock${index}@bench.example`;
  const user = await api<{ id: string }>(
    "POST",
    "/api/users",
    {
      email,
      username: `clock${index}`,
      firstName: "Clock",
      lastName: `Bench ${index}`,
      password: `${PASSWORD}-tmp`,
      roles: ["Employee"],
    },
    adminToken,
  );
  await api("POST", "/api/employees", { userId: user.id }, adminToken);
  const temporary = await api<{ accessToken: string }>("POST", "/api/auth/login", {
    email,
    password: `${PASSWORD}-tmp`,
  });
  const changed = await api<{ accessToken: string }>(
    "POST",
    "/api/auth/change-password",
    { currentPassword: `${PASSWORD}-tmp`, newPassword: PASSWORD },
    temporary.accessToken,
  );
  return changed.accessToken;
}

/** Clocks out every employee a run's end left clocked in, so the next run starts with all of them out. */
export async function clockEveryoneOut(api: ApiCall, tokens: readonly string[]): Promise<void> {
  const body = { source: "BiometricTerminal" };
  await Promise.all(tokens.map((token) => api("POST", "/api/users/me/clock-out", body, token).catch(() => undefined)));
}

/**
 * autocannon's requests for clock-in/clock-out pairs by `tokens`' employees. autocannon starts a fresh context at each
 * pass through `requests` (one clock-in, one clock-out). A pass takes an idle employee's token for both requests and
 * gives it back once the clock-out is answered, so no two connections ever clock the same employee at once: give at
 * least as many employees as connections.
 */
export function clockPairRequests(tokens: string[]): autocannon.Request[] {
  const body = JSON.stringify({ source: "BiometricTerminal" });
  const idle = [...tokens];
  type Pass = { token?: string };
  const authorized = (request: autocannon.Request, token: string | undefined) => {
    if (!token) throw new Error("no idle employee: more connections than employees");
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
  };
  const takeEmployee = (request: autocannon.Request, context: object) => {
    const pass = context as Pass;
    pass.token = idle.pop();
    return authorized(request, pass.token);
  };
  const sameEmployee = (request: autocannon.Request, context: object) => authorized(request, (context as Pass).token);
  const releaseEmployee = (_status: number, _body: string, context: object) => {
    const { token } = context as Pass;
    if (token) idle.push(token);
  };
  return [
    { method: "POST", path: "/api/users/me/clock-in", body, setupRequest: takeEmployee },
    { method: "POST", path: "/api/users/me/clock-out", body, setupRequest: sameEmployee, onResponse: releaseEmployee },
  ];
}

/** The two loads the tracing benchmarks put on a server: the members list's first page, and clock-in/out pairs. */
export type ClubLoad = "members" | "clock";

/**
 * autocannon's options for `load` on the server at `base`. Take fresh ones for every run: the clock requests hand
 * out employees from a pool that a run's last passes keep.
 */
export function clubLoadOptions(
  load: ClubLoad,
  target: { base: string; connections: number; adminToken: string; tokens: string[] },
): autocannon.Options {
  const { base, connections } = target;
  return load === "members"
    ? { url: `${base}/api/members?pageSize=20`, connections, headers: { authorization: `Bearer ${target.adminToken}` } }
    : {
        url: base,
        connections,
        headers: { "content-type": "application/json" },
        requests: clockPairRequests(target.tokens),
      };
}
