import http from "node:http";
import {
  HEALTH_PATH,
  MAX_RENDER_REQUEST_BYTES,
  RENDER_PATH,
  type RendererError,
  renderRequestSchema,
} from "./protocol";
import { renderEmail } from "./render";

/**
 * The email renderer as its own process: POST /render {template, props} → {subject, html, text}.
 * Expected failures answer 4xx with {code, message}; the app maps them back to business errors.
 * Started by scripts/email-renderer.ts, which hands it the app's logger: emails/ imports nothing from lib/.
 */

/** The logger it writes to (the app's pino logger fits). */
type RendererLog = Record<"debug" | "error", (fields: Record<string, unknown>, message: string) => void>;

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(payload),
  });
  response.end(payload);
}

const sendError = (response: http.ServerResponse, status: number, error: RendererError) =>
  sendJson(response, status, { code: error.code, message: error.message });

/** The request body, or null once it exceeds `limitBytes` (checked up front from Content-Length when sent). */
async function readBody(request: http.IncomingMessage, limitBytes: number): Promise<Buffer | null> {
  if (Number(request.headers["content-length"] ?? 0) > limitBytes) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseRenderRequest(body: Buffer) {
  try {
    return renderRequestSchema.safeParse(JSON.parse(body.toString("utf8")));
  } catch {
    return null;
  }
}

async function handleRender(
  log: RendererLog,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  const body = await readBody(request, MAX_RENDER_REQUEST_BYTES);
  if (body === null) {
    // The rest of the body stays unread, so the connection cannot be reused.
    response.shouldKeepAlive = false;
    return sendError(response, 413, {
      code: "Email.PayloadTooLarge",
      message: `Render requests are limited to ${MAX_RENDER_REQUEST_BYTES} bytes.`,
    });
  }
  const parsed = parseRenderRequest(body);
  if (!parsed?.success) {
    return sendError(response, 400, {
      code: "Email.InvalidRequest",
      message: "Expected a JSON body {template: string, props: object}.",
    });
  }
  const started = performance.now();
  const rendered = await renderEmail(parsed.data.template, parsed.data.props);
  log.debug(
    { template: parsed.data.template, ok: rendered.ok, durationMs: performance.now() - started },
    "email rendered",
  );
  if (!rendered.ok) return sendError(response, 400, rendered.error);
  sendJson(response, 200, rendered.value);
}

async function route(log: RendererLog, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? "/", "http://renderer");
  if (request.method === "GET" && pathname === HEALTH_PATH) return sendJson(response, 200, { status: "Healthy" });
  if (request.method === "POST" && pathname === RENDER_PATH) return handleRender(log, request, response);
  sendError(response, 404, { code: "NotFound", message: `No route for ${request.method} ${pathname}.` });
}

/** Runs around each request's handling (scripts/email-renderer.ts opens the request's span in it). */
type RequestScope = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  handle: () => Promise<void>,
) => Promise<void>;

/** The renderer's HTTP server, not yet listening; tests listen on port 0. */
export function createRendererServer(
  log: RendererLog,
  scope: RequestScope = (_request, _response, handle) => handle(),
): http.Server {
  return http.createServer((request, response) => {
    scope(request, response, () => route(log, request, response)).catch((error: unknown) => {
      log.error({ err: error, url: request.url }, "email rendering failed");
      if (!response.headersSent)
        sendError(response, 500, { code: "Email.RenderFailed", message: "The email could not be rendered." });
      else response.destroy();
    });
  });
}
