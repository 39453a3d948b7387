import { once } from "node:events";
import { openSync } from "node:fs";
import { freePort, spawnProductionServer, stopProcess, waitUntilAnswering } from "@/bench/servers";

export type AppInstance = {
  base: string;
  port: number;
  pid: number;
  /** SIGTERM, as an orchestrator stops it: the server finishes what it started and exits. */
  stop(): Promise<void>;
  /** SIGKILL: the process is gone at once, mid-request. */
  kill(): void;
};

/**
 * One production instance (`scripts/start.sh -p <port> -H 127.0.0.1`) with `env` added to this process's, resolved
 * once `/health/ready` answers 200 (its database, cache, storage, analytics and renderer answer). `root` runs another
 * checkout of the app (a release with a migration of its own); `log` appends the server's output to that file.
 */
export async function startAppInstance(options: {
  port?: number;
  env: Record<string, string>;
  root?: string;
  log?: string;
}): Promise<AppInstance> {
  const port = options.port ?? (await freePort());
  const output = options.log ? openSync(options.log, "a") : "ignore";
  const child = spawnProductionServer({
    port,
    env: options.env,
    root: options.root,
    stdio: ["ignore", output, output],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = once(child, "exit").then(([code, signal]) => {
    throw new Error(`instance on port ${port} exited (${signal ?? code}) before it was ready; see ${options.log}`);
  });
  try {
    await Promise.race([waitUntilAnswering(`${base}/health/ready`), exited]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  exited.catch(() => undefined); // a later exit is the test's doing
  return {
    base,
    port,
    pid: child.pid ?? 0,
    stop: () => stopProcess(child),
    kill: () => void child.kill("SIGKILL"),
  };
}
