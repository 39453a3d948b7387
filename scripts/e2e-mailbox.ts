// The Playwright runs' SMTP server (playwright.config.ts starts it before the app): the embedded sink of
// lib/platform/smtp/sink.ts on a known port, with the messages as received served as JSON over HTTP, so a spec can
// follow an emailed link (an invitation) as its recipient would. The app's own in-process sink keeps them in the
// server's memory, out of a spec's reach.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSink } from "../lib/platform/smtp/sink";

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const dir = mkdtempSync(path.join(tmpdir(), "clubops-e2e-mail-"));
const sink = await startSmtpSink({ port: smtpPort ?? 0, dir });
const http = createServer((_request, response) => {
  sink.captured().then(
    (mails) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(mails)),
    () => response.writeHead(500).end(),
  );
});
http.listen(httpPort, "127.0.0.1");

const stop = () => {
  http.close();
  void sink.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
