// The server entry (`npm start` through scripts/start.sh, `npm run dev` with --dev): Next.js's own request handler
// behind a node:http server that tells route handlers the TCP peer of every request. Handlers never see the
// socket, and X-Forwarded-For is whatever the client sent unless a trusted proxy wrote it, so per-address limits
// need the peer (lib/platform/http/client-ip.ts). Usage: node scripts/server.mjs [--dev] [-p PORT] [-H HOSTNAME]
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

/** Read by lib/platform/http/client-ip.ts (PEER_ADDRESS_HEADER); overwritten on every request, so a client cannot set it. */
const PEER_ADDRESS_HEADER = "x-clubops-peer-address";

const { values } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
  },
});
const dev = values.dev;
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(1);
}
// As `next start` and `next dev` do, before Next.js is loaded.
process.env.NODE_ENV = dev ? "development" : "production";
// The route handlers run in this process: this mark tells them the header above comes from here, not from a client
// (under a bare `next start` it could be anyone's, and every client then shares one rate-limit bucket instead).
globalThis[Symbol.for("clubops.peer-address-header")] = true;

const { default: next } = await import("next");
const app = next({ dev, dir: path.resolve(import.meta.dirname, ".."), hostname: values.hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  handle(request, response).catch((error) => {
    console.error(`Failed to handle request for ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
// A balancer or client keeps idle connections open to reuse them (haproxy here: `timeout server 60s`; AWS ALB: 60 s).
// Node closes an idle one after 5 s, and a request sent on it as it closes fails with ECONNRESET; so this server
// waits longer than they do, and they close first.
server.keepAliveTimeout = 65_000;
// Node also drops a connection whose next request's headers have not come within headersTimeout (60 s by default), an
// idle kept-alive one included: above the keep-alive time, so no timer closes an idle connection before 65 s.
server.headersTimeout = 66_000;
server.listen(port, values.hostname, () => {
  console.log(
    `ClubOps ${dev ? "development" : "production"} server on http://${values.hostname ?? "localhost"}:${port}`,
  );
});

/** Work the app registered to run before exit (lib/platform/telemetry/tracing.ts: export the last spans, ≤ 2 s). */
const SHUTDOWN_HOOKS = Symbol.for("clubops.shutdown");
const runShutdownHooks = () => Promise.allSettled([...(globalThis[SHUTDOWN_HOOKS] ?? [])].map((hook) => hook()));

// Stop accepting connections, let Next.js finish what it started, run the shutdown hooks, then exit with the signal's
// code like `next start` (process.exit: `beforeExit` never fires, hence the hooks).
let stopping = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeIdleConnections();
    app
      .close()
      .finally(runShutdownHooks)
      .finally(() => process.exit(code));
  });
}
