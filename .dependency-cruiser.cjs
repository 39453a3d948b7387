/**
 * The architecture's rules, checked by `npm run lint` (docs/architecture.md draws the layers):
 *
 *   app/ (routes, pages) and console/ → lib/http → lib/<module> (domain) → lib/platform (adapters) → drivers
 *   inngest/ → lib/jobs; emails/ is the renderer, embedded by lib/platform/email-renderer.
 *
 * Production code only: tests may reach across layers to set up what they exercise, so *.test.ts(x), tests/ and e2e/
 * are not cruised.
 *
 * Folders depend one way (no-module-cycles). Where two modules need each other, the shared piece lives with its owner:
 * auth owns accounts (user access and lookups, the account fields), roles own permissions, lib/settings is the club's
 * stored settings and setup status (read by auth, mail and setup alike), lib/platform/auth-keys the keys derived from
 * AUTH_SECRET. emails/ stands alone: the renderer process and lib/ use it, it imports nothing of the app.
 */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-not-to-app",
      comment: "lib/ is what app/ calls; it never imports a route, page or the console.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|console)/" },
    },
    {
      name: "platform-not-to-domain",
      comment: "Adapters know no domain module: what runs on the platform is injected (bootServer, route()).",
      severity: "error",
      from: { path: "^lib/platform/" },
      to: { path: "^(lib|app|console|inngest)/", pathNot: ["^lib/platform/", "^lib/config\\.ts$"] },
    },
    {
      name: "no-file-cycles",
      severity: "error",
      from: { path: "^(lib|app|console|inngest|emails)/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment: "Folders depend one way.",
      severity: "error",
      scope: "folder",
      from: { path: "^(lib|console|inngest|emails)(/|$)" },
      to: { circular: true },
    },
    {
      name: "otel-sdk-only-in-telemetry",
      comment: "The tracer provider, exporters and propagators are set up in one place (lib/platform/telemetry).",
      severity: "error",
      from: { pathNot: "^lib/platform/telemetry/" },
      to: {
        path: "node_modules/@opentelemetry/(sdk-trace|context-async-hooks|core|resources|exporter-trace-otlp-(proto|http))/",
      },
    },
    {
      name: "otel-api-only-in-platform",
      comment:
        "Spans are opened by the adapters (lib/platform/telemetry/spans.ts); domain code reads currentTraceId().",
      severity: "error",
      from: { pathNot: ["^lib/platform/", "^scripts/email-renderer\\.ts$"] },
      to: { path: "node_modules/@opentelemetry/api/" },
    },
    {
      name: "emails-standalone",
      comment: "The templates and the renderer run in their own process: they import nothing of the app.",
      severity: "error",
      from: { path: "^emails/" },
      to: { path: "^(lib|app|console|inngest)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    exclude: { path: "(^(\\.next|tests|e2e)/|\\.test\\.tsx?$)" },
  },
};
