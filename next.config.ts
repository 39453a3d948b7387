import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// The request configuration of next-intl: the language, time zone and messages of each request.
const withNextIntl = createNextIntlPlugin("./console/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native and server-only packages are loaded by Node at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "chdb",
    "s3rver",
    "smtp-server",
    "mailparser",
    "pino",
    "postgres",
    "ioredis",
    "croner",
    // One registry per process (lib/platform/metrics/registry.ts), not a copy per bundle.
    "prom-client",
    // One tracer provider and context manager per process, shared with Next's own spans (lib/platform/telemetry).
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/core",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-proto",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/semantic-conventions",
    // Loads its standard fonts' metrics with createRequire at run time, which a bundle cannot follow.
    "pdfkit",
    // Loads its xmllint.wasm beside itself at run time.
    "xmllint-wasm",
  ],
  poweredByHeader: false,
};

export default withNextIntl(nextConfig);
