import type { Config } from "@/lib/config";
import { createHttpEmailRenderer } from "./http";
import { createInProcessEmailRenderer } from "./in-process";
import type { EmailRenderer } from "./types";

export type { EmailRenderer, RenderedEmail } from "./types";

/** Rendering is CPU-only; an answer slower than this means the renderer is stuck or overloaded. */
const RENDER_TIMEOUT_MS = 5_000;

/** The renderer process at EMAIL_RENDERER_URL, else the same templates rendered in-process. */
export function createEmailRenderer(config: Config): EmailRenderer {
  return config.EMAIL_RENDERER_URL
    ? createHttpEmailRenderer({ url: config.EMAIL_RENDERER_URL, timeoutMs: RENDER_TIMEOUT_MS })
    : createInProcessEmailRenderer();
}
