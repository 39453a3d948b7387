import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, spawnProductionServer } from "@/bench/servers";

/**
 * A production server whose configuration is wrong ends with the reason and exit code 1 before it listens (README,
 * Configuration): Next.js would otherwise log the error thrown at start-up and go on answering 500 to every request,
 * /health/live included, so that a balancer, systemd or Kubernetes took it for a running server.
 */
describe("a production server with a bad configuration", () => {
  it.each([
    ["a metrics token shorter than 32 characters", { METRICS_TOKEN: "short" }, "METRICS_TOKEN: must be at least 32"],
    ["Inngest without its signing key", { INNGEST_BASE_URL: "http://127.0.0.1:9" }, "INNGEST_SIGNING_KEY: required"],
  ])(
    "exits 1 before it listens, saying why: %s",
    async (_, env, reason) => {
      const port = await freePort();
      const server = spawnProductionServer({
        port,
        env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), "clubops-bad-config-")), ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      server.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      server.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain("ClubOps did not start: Invalid configuration:");
      expect(output).toContain(reason);
      expect(output).not.toContain("production server on");
    },
    60_000,
  );
});
