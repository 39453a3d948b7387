import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { stopProcess } from "@/bench/servers";

/** The balancer's own error answers, as problem details (deploy/haproxy/errors). */
const ERRORS = path.resolve(import.meta.dirname, "../../deploy/haproxy/errors");

/** The configuration docs/operations.md ("Several instances") shows, on loopback, with the admin socket in `dir`. */
function haproxyConfig(options: { port: number; servers: number[]; socket: string }): string {
  return `global
  stats socket ${options.socket} level admin
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # /health/instance gives the database 3 s; a busy instance answers a check late rather than not at all.
  timeout check 5s
  # What the balancer answers itself (no instance up, one failed or too slow) is problem+json like the app's errors.
  errorfile 502 ${ERRORS}/502.http
  errorfile 503 ${ERRORS}/503.http
  errorfile 504 ${ERRORS}/504.http
  # A connection refused by a stopped or killed instance is retried, on another instance (redispatch).
  retries 3
  retry-on conn-failure
  option redispatch

frontend clubops
  bind 127.0.0.1:${options.port}
  default_backend app

backend app
  balance roundrobin
  # An instance gets traffic while its own database pool answers; Redis, S3, ClickHouse or the renderer down is
  # shared by every instance and does not take any of them out (GET /health/ready reports it, Degraded).
  option httpchk GET /health/instance
  http-check expect status 200
  # The app counts rate limits per client address: with TRUSTED_PROXY_HOPS=1 it reads this proxy's entry.
  option forwardfor
  default-server check inter 1s fall 3 rise 1
${options.servers.map((port, index) => `  server app${index + 1} 127.0.0.1:${port}`).join("\n")}
`;
}

/** One row of `show stat` for a server: its state as haproxy sees it and its sessions. */
type ServerStat = { name: string; status: string; currentSessions: number; totalSessions: number };

export type Haproxy = {
  base: string;
  /** Runs one command on the admin socket and returns its answer. */
  command(line: string): Promise<string>;
  servers(): Promise<ServerStat[]>;
  /** `set server app/<name> state drain`, then waits until no session is left on it. */
  drain(name: string): Promise<void>;
  /** `set server app/<name> state ready`, then waits until its health check has it UP. */
  ready(name: string): Promise<void>;
  stop(): Promise<void>;
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** haproxy in the foreground (`-db`) on loopback `port`, balancing over the instances on `servers`. */
export async function startHaproxy(options: { port: number; servers: number[]; dir: string }): Promise<Haproxy> {
  const socket = path.join(options.dir, "admin.sock");
  const config = path.join(options.dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig({ port: options.port, servers: options.servers, socket }));
  const child: ChildProcess = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "ignore", "inherit"] });

  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = createConnection(socket);
      let answer = "";
      connection.on("data", (chunk) => {
        answer += chunk;
      });
      connection.on("end", () => resolve(answer));
      connection.on("error", reject);
      connection.end(`${line}\n`);
    });

  const servers = async (): Promise<ServerStat[]> => {
    const [header = "", ...rows] = (await command("show stat")).trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const column = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
    return rows
      .map((line) => line.split(","))
      .filter((row) => column(row, "pxname") === "app" && column(row, "svname").startsWith("app"))
      .map((row) => ({
        name: column(row, "svname"),
        status: column(row, "status"),
        currentSessions: Number(column(row, "scur")),
        totalSessions: Number(column(row, "stot")),
      }));
  };
  const server = async (name: string) => (await servers()).find((stat) => stat.name === name);

  await until(
    "haproxy admin socket",
    () =>
      servers().then(
        () => true,
        () => undefined,
      ),
    15_000,
  );
  return {
    base: `http://127.0.0.1:${options.port}`,
    command,
    servers,
    async drain(name) {
      await command(`set server app/${name} state drain`);
      await until(`${name} drained`, async () => ((await server(name))?.currentSessions === 0 ? true : undefined));
    },
    async ready(name) {
      await command(`set server app/${name} state ready`);
      await until(`${name} UP`, async () => ((await server(name))?.status === "UP" ? true : undefined));
    },
    stop: () => stopProcess(child),
  };
}
