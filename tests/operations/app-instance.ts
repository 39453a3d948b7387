import { spawn } from "node:child_process";
import { freePort, stopProcess, waitUntilAnswering } from "@/bench/servers";

export type AppInstance = {
  base: string;
  port: number;
  pid: number;
  /** SIGTERM, as an orchestrator stops it: the server finishes what it started and exits. */
  stop(): Promise<void>;
  /** SIGKILL: the process is gone at once. */
  kill(): void;
};

/**
 * One production instance (`scripts/start.sh -p <port> -H 127.0.0.1`, on the build in .next) with `env` added to
 * this process's, resolved once `/health/ready` answers 200.
 */
export async function startAppInstance(options: { port?: number; env: Record<string, string> }): Promise<AppInstance> {
  const port = options.port ?? (await freePort());
  const child = spawn("bash", ["scripts/start.sh", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${base}/health/ready`);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    base,
    port,
    pid: child.pid ?? 0,
    stop: () => stopProcess(child),
    kill: () => void child.kill("SIGKILL"),
  };
}
