// What the HTTP benchmarks that clock employees in and out share (bench/clock-in.ts, bench/tracing-overhead.ts): a
// JSON client of a running server, a club set up over HTTP, signed-in employees, and the autocannon requests that
// alternate clock-in and clock-out without two connections ever clocking the same employee at once.
import type autocannon from "autocannon";

export type Api = <T>(method: string, route: string, body?: unknown, token?: string) => Promise<T>;

/** Calls the server at `base` with a JSON body; a non-2xx answer throws. */
export function apiOf(base: string): Api {
  return async <T>(method: string, route: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** First-run setup on an empty database; answers the super-admin's access token. */
export async function setUpClub(api: Api, password: string): Promise<string> {
  await api("POST", "/api/setup/platform", { platformName: "Bench Club" });
  const admin = await api<{ accessToken: string }>("POST", "/api/setup/superadmin", {
    email: "owner@bench.example",
    username: "owner",
    password,
    firstName: "Bench",
    lastName: "Owner",
  });
  return admin.accessToken;
}

/** A signed-in employee: created by the admin, temporary password replaced, linked to an employee record. */
export async function signedInEmployee(api: Api, adminToken: string, index: number, password: string): Promise<string> {
  const email = `clock${index}@bench.example`;
  const user = await api<{ id: string }>(
    "POST",
    "/api/users",
    {
      email,
      username: `clock${index}`,
      firstName: "Clock",
      lastName: `Bench ${index}`,
      password: `${password}-tmp`,
      roles: ["Employee"],
    },
    adminToken,
  );
  await api("POST", "/api/employees", { userId: user.id }, adminToken);
  const temporary = await api<{ accessToken: string }>("POST", "/api/auth/login", {
    email,
    password: `${password}-tmp`,
  });
  const changed = await api<{ accessToken: string }>(
    "POST",
    "/api/auth/change-password",
    { currentPassword: `${password}-tmp`, newPassword: password },
    temporary.accessToken,
  );
  return changed.accessToken;
}

/**
 * One clock-in and one clock-out per pass. autocannon starts a fresh context at each pass through `requests`: a pass
 * takes an idle employee's token for both requests and gives it back once the clock-out is answered, so no two
 * connections ever clock the same employee at once (hence at least as many employees as connections).
 */
export function clockPairRequests(tokens: readonly string[]): autocannon.Request[] {
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
    {
      method: "POST",
      path: "/api/users/me/clock-out",
      body,
      setupRequest: sameEmployee,
      onResponse: releaseEmployee,
    },
  ];
}
