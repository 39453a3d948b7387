import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

/**
 * PostgreSQL and Redis servers a reliability test owns: started on free loopback ports with their own data
 * directories, and stopped and restarted by the test (faults), as scripts/test-services.sh starts them for a run.
 */

const run = promisify(execFile);

/** A TCP port nobody listens on now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Retries `probe` until it resolves or `timeoutMs` passes. */
async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs} ms`, { cause: error });
      await sleep(50);
    }
  }
}

/** PG_BIN, else the newest Debian PostgreSQL server binaries (initdb, pg_ctl, pg_dump, pg_restore). */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest)
    throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  return `/usr/lib/postgresql/${newest}/bin`;
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
async function asPostgres(command: string, args: string[]): Promise<string> {
  const [file, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const { stdout } = await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

export type PostgresServer = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Fast shutdown: connections are closed, the server is gone until start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /**
   * SIGSTOP to the server and every backend: a database that stops answering without closing a connection (a frozen
   * host, a partition), until resume() sends SIGCONT.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops it for good and removes its data directory. */
  destroy(): Promise<void>;
};

/** Sends `signal` to the postmaster of `data` and each process it started (its backends and workers). */
async function signalServer(data: string, signal: "STOP" | "CONT"): Promise<void> {
  const [postmaster = ""] = readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n");
  const { stdout } = await run("pgrep", ["-P", postmaster]).catch(() => ({ stdout: "" }));
  const children = stdout.split("\n").filter(Boolean);
  // The postmaster first on the way down, last on the way up, so it starts no backend the signal missed.
  const pids = signal === "STOP" ? [postmaster, ...children] : [...children, postmaster];
  await run("kill", [`-${signal}`, ...pids]);
}

/** initdb into a fresh directory and pg_ctl start on a loopback port, free unless given (fsync off: test data only). */
export async function startPostgres(options: { port?: number } = {}): Promise<PostgresServer> {
  const bin = postgresBin();
  const root = mkdtempSync(path.join(tmpdir(), "clubops-reliability-pg-"));
  const data = path.join(root, "data");
  if (isRoot()) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await asPostgres(`${bin}/initdb`, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = options.port ?? (await freePort());
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  let running = false;
  const server: PostgresServer = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres(`${bin}/pg_ctl`, [
        "-D",
        data,
        "-l",
        path.join(root, "server.log"),
        "-w",
        "-t",
        "30",
        "-o",
        serverOptions,
        "start",
      ]);
      running = true;
    },
    async stop() {
      await asPostgres(`${bin}/pg_ctl`, ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    pause: () => signalServer(data, "STOP"),
    resume: () => signalServer(data, "CONT"),
    async destroy() {
      if (running)
        await asPostgres(`${bin}/pg_ctl`, ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

export type RedisServer = {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

async function redisPing(port: number): Promise<void> {
  const { stdout } = await run("redis-cli", ["-p", String(port), "ping"]);
  if (stdout.trim() !== "PONG") throw new Error(`redis answered ${stdout.trim()}`);
}

/** redis-server on a loopback port, free unless given, without persistence (a restart starts empty, like a lost cache). */
export async function startRedis(options: { port?: number } = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const root = mkdtempSync(path.join(tmpdir(), "clubops-reliability-redis-"));
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        "redis-server",
        [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--save",
          "",
          "--appendonly",
          "no",
          "--dir",
          root,
          "--daemonize",
          "no",
        ],
        { stdio: "ignore" },
      );
      await waitFor("redis-server", () => redisPing(port));
    },
    async stop() {
      const stopping = child;
      child = undefined;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once("exit", resolve));
      stopping.kill("SIGTERM");
      await exited;
    },
    async destroy() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
