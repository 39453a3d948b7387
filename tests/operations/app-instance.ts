import { spawn } from "node:child_process";
import { once } from "node:events";
import { freePort, waitUntilAnswering } from "@/bench/servers";

export type AppInstance = { base: string; port: number; pid: number; stop(): Promise<void>; kill(): void };

/**
 * One production instance (`scripts/start.sh`, the build in .next) on loopback, with `env` added to the test's, once
 * `/health/ready` answers 200. `stop` is a graceful SIGTERM and waits for the exit; `kill` is SIGKILL.
 */
export async function startAppInstance({
  port,
  env,
}: {
  port?: number;
  env: Record<string, string>;
}): Promise<AppInstance> {
  const chosen = port ?? (await freePort());
  const child = spawn("bash", ["scripts/start.sh", "-p", String(chosen), "-H", "127.0.0.1"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(child, "exit");
  const base = `http://127.0.0.1:${chosen}`;
  await Promise.race([
    waitUntilAnswering(`${base}/health/ready`),
    exited.then(([code]) => {
      throw new Error(`the instance on port ${chosen} exited with ${code} before it was ready`);
    }),
  ]);
  return {
    base,
    port: chosen,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
    kill() {
      child.kill("SIGKILL");
    },
  };
}
