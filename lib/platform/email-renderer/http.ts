import { HEALTH_PATH, RENDER_PATH, renderedEmailSchema, rendererErrorSchema } from "@/emails/protocol";
import { DependencyTimeoutError, DependencyUnavailableError } from "../errors";
import { businessError, fail, ok } from "../result";
import { injectTraceHeaders, withSpan } from "../telemetry/spans";
import type { EmailRenderer } from "./types";

const COMPONENT = "email-renderer";

type Answer = { status: number; body: unknown };

const httpClientAttributes = (method: string, url: string) => ({ "http.request.method": method, "url.full": url });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The renderer process over HTTP; each exchange, body included, is bounded by `timeoutMs`. */
export function createHttpEmailRenderer(options: { url: string; timeoutMs: number }): EmailRenderer {
  const baseUrl = options.url.replace(/\/+$/, "");

  /** One exchange as a CLIENT span whose `traceparent` goes along, so the renderer's spans join the caller's trace. */
  async function exchange(path: string, init: { method?: string; body?: string } = {}): Promise<Answer> {
    const method = init.method ?? "GET";
    const url = `${baseUrl}${path}`;
    return withSpan(
      `${method} ${path}`,
      { kind: "client", attributes: httpClientAttributes(method, url) },
      async (span) => {
        try {
          const headers = injectTraceHeaders(init.body === undefined ? {} : { "content-type": "application/json" });
          const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(options.timeoutMs) });
          span.setAttributes({ "http.response.status_code": response.status });
          return { status: response.status, body: parseJson(await response.text()) };
        } catch (error) {
          if (error instanceof Error && error.name === "TimeoutError")
            throw new DependencyTimeoutError(COMPONENT, options.timeoutMs);
          throw new DependencyUnavailableError(COMPONENT, { cause: error });
        }
      },
    );
  }

  /** Anything but the contract's answers means something else, or nothing working, is at the URL. */
  const unexpectedAnswer = (path: string, { status }: Answer) =>
    new DependencyUnavailableError(COMPONENT, {
      cause: new Error(`${path} answered HTTP ${status} outside the contract`),
    });

  return {
    kind: "http",

    async render(template, props) {
      const answer = await exchange(RENDER_PATH, { method: "POST", body: JSON.stringify({ template, props }) });
      if (answer.status === 200) {
        const rendered = renderedEmailSchema.safeParse(answer.body);
        if (rendered.success) return ok(rendered.data);
      } else if (answer.status === 400 || answer.status === 413) {
        const refusal = rendererErrorSchema.safeParse(answer.body);
        if (refusal.success) return fail(businessError(refusal.data.code, "invalid", refusal.data.message));
      }
      throw unexpectedAnswer(RENDER_PATH, answer);
    },

    async ping() {
      const answer = await exchange(HEALTH_PATH);
      if (answer.status !== 200) throw unexpectedAnswer(HEALTH_PATH, answer);
    },

    async close() {},
  };
}
