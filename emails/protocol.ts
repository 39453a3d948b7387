import { z } from "zod";

/** The renderer's HTTP contract, shared by emails/server.ts and the platform's HTTP client. */
export const RENDER_PATH = "/render";
export const HEALTH_PATH = "/health";
export const MAX_RENDER_REQUEST_BYTES = 256 * 1024;

export const renderRequestSchema = z.object({
  template: z.string().min(1),
  props: z.record(z.string(), z.unknown()),
});

export const renderedEmailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/** Body of every 4xx answer: the ApiError shape. */
export const rendererErrorSchema = z.object({ code: z.string(), message: z.string() });
export type RendererError = z.infer<typeof rendererErrorSchema>;
