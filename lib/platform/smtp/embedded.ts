import { startSmtpSink } from "./sink";
import { createSmtpMailer } from "./transport";
import type { Mailer } from "./types";

/** The SMTP mailer pointed at an in-process sink that keeps every message under `dir`; close() stops both. */
export async function createEmbeddedMailer(options: { port: number; dir: string; from: string }): Promise<Mailer> {
  const sink = await startSmtpSink(options);
  const mailer = createSmtpMailer({ url: sink.url, from: options.from, ignoreTLS: true });
  return {
    ...mailer,
    kind: "embedded",
    captured: () => sink.captured(),
    async close() {
      await mailer.close();
      await sink.close();
    },
  };
}
