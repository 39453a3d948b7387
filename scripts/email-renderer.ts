// `npm run email-renderer`: the email renderer as its own process (emails/server.ts), on EMAIL_RENDERER_PORT.
import { createRendererServer } from "@/emails/server";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/platform/logger";
import { withSpan } from "@/lib/platform/telemetry/spans";
import { flushTracing, startTracing } from "@/lib/platform/telemetry/tracing";

const config = getConfig();
// Its own service in the traces, exporting where the app does (the same OTEL_* variables).
logger.info({ tracing: startTracing(config, { serviceName: "clubops-email-renderer" }) }, "tracing started");

// Each request is a SERVER span continuing the app's `traceparent`: a rendering shows under the request that sent it.
const server = createRendererServer(logger, (request, response, handle) => {
  const path = new URL(request.url ?? "/", "http://renderer").pathname;
  return withSpan(
    `${request.method} ${path}`,
    {
      kind: "server",
      remoteParent: request.headers,
      attributes: { "http.request.method": request.method ?? "", "url.path": path },
    },
    async (span) => {
      await handle();
      span.setAttributes({ "http.response.status_code": response.statusCode });
    },
  );
});
// Its own process, usually its own container: reachable on every interface. It holds no secrets and only renders.
server.listen(config.EMAIL_RENDERER_PORT, "0.0.0.0", () =>
  logger.info({ port: config.EMAIL_RENDERER_PORT }, "email renderer listening"),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => server.close(() => flushTracing().finally(() => process.exit(0))));
}
