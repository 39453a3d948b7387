import { createServer } from "node:net";

/** A TCP port free on loopback now, for a server a spec starts of its own. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
