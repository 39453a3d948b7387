// What the HTTP benchmarks do through a running server before loading it: set the club up, sign employees in, and
// the clock-in/clock-out requests autocannon sends.
import type autocannon from "autocannon";

const PASSWORD = "Lantern-Harbour-Tide-42";
/** The superadmin `setUp` creates. */
export const BENCH_OWNER = { email: "owner@bench.example", password: PASSWORD };

export function benchClient(base: string) {
  async function api<T>(method: string, route: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The platform and its superadmin on an empty database; answers the superadmin's access token. */
  async function setUp(): Promise<string> {
    await api("POST", "/api/setup/platform", { platformName: "Bench Club" });
    const admin = await api<{ accessToken: string }>("POST", "/api/setup/superadmin", {
      ...BENCH_OWNER,
      username: "owner",
      firstName: "Bench",
      lastName: "Owner",
    });
    return admin.accessToken;
  }

  /** A signed-in employee: created by the admin, temporary password replaced, linked to an employee record. */
  async function employee(adminToken: string, index: number): Promise<string> {
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

  /** Clocks out every employee that a run's end left clocked in, so the next run starts with all of them out. */
  async function clockEveryoneOut(tokens: readonly string[]): Promise<void> {
    const body = { source: "BiometricTerminal" };
    await Promise.all(
      tokens.map((token) => api("POST", "/api/users/me/clock-out", body, token).catch(() => undefined)),
    );
  }

  return { api, setUp, employee, clockEveryoneOut };
}

/**
 * One clock-in and one clock-out per pass. autocannon starts a fresh context at each pass through the requests; a
 * pass takes an idle employee's token for both requests and gives it back once the clock-out is answered, so no two
 * connections ever clock the same employee at once (at most as many connections as tokens).
 */
export function clockInOutRequests(tokens: readonly string[]): autocannon.Request[] {
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
