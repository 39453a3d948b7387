import { Inngest } from "inngest";
import { getConfig } from "@/lib/config";

const config = getConfig();

/** Talks to a self-hosted Inngest server (INNGEST_BASE_URL) or Inngest Cloud; requests are signature-checked unless in dev mode. */
export const inngest = new Inngest({
  id: "clubops",
  baseUrl: config.INNGEST_BASE_URL,
  eventKey: config.INNGEST_EVENT_KEY,
  signingKey: config.INNGEST_SIGNING_KEY,
  isDev: config.inngestDevMode,
});
