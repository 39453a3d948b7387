// `npm run email-renderer`: the email renderer as its own process (emails/server.ts), on EMAIL_RENDERER_PORT.
import { createRendererServer } from "@/emails/server";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/platform/logger";

const { EMAIL_RENDERER_PORT: port } = getConfig();
const server = createRendererServer(logger);
// Its own process, usually its own container: reachable on every interface. It holds no secrets and only renders.
server.listen(port, "0.0.0.0", () => logger.info({ port }, "email renderer listening"));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
