import { describe, expect, it } from "vitest";
import { loadConfig, multiInstanceWarnings, PASSWORD_ITERATIONS } from "./config";

describe("loadConfig", () => {
  it("selects embedded defaults when no component URL is set", () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.S3_CHECKSUM_WHEN_REQUIRED).toBe(false);
    expect(config.inngestEnabled).toBe(false);
    expect(config.EMBEDDED_SCHEDULER).toBe(true);
    expect(config.DATABASE_PREPARED_STATEMENTS).toBe(true);
  });

  it("switches prepared statements off for poolers that cannot keep them", () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "false" }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: "off" })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it("takes a direct migration URL only next to a DATABASE_URL", () => {
    const direct = "postgres://clubops@db.internal:5432/clubops";
    const pooled = { DATABASE_URL: "postgres://clubops@pgbouncer.internal:6432/clubops" };
    expect(loadConfig(pooled).DATABASE_MIGRATION_URL).toBeUndefined();
    expect(loadConfig({ ...pooled, DATABASE_MIGRATION_URL: direct }).DATABASE_MIGRATION_URL).toBe(direct);
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: direct })).toThrow(/DATABASE_MIGRATION_URL/);
    expect(() => loadConfig({ ...pooled, DATABASE_MIGRATION_URL: "db.internal" })).toThrow(/DATABASE_MIGRATION_URL/);
  });

  it("takes the VERI*FACTU producer's name and NIF together, or neither", () => {
    const producer = { VERIFACTU_PRODUCER_NAME: "Servicios Deportivos SL", VERIFACTU_PRODUCER_TAX_ID: "B58378431" };
    expect(loadConfig(producer)).toMatchObject(producer);
    expect(loadConfig({}).VERIFACTU_PRODUCER_NAME).toBeUndefined();
    expect(() => loadConfig({ VERIFACTU_PRODUCER_NAME: "Servicios Deportivos SL" })).toThrow(
      /VERIFACTU_PRODUCER_TAX_ID: set VERIFACTU_PRODUCER_NAME and VERIFACTU_PRODUCER_TAX_ID together/,
    );
    expect(() => loadConfig({ VERIFACTU_PRODUCER_TAX_ID: "B58378431" })).toThrow(/VERIFACTU_PRODUCER_NAME/);
    expect(() => loadConfig({ ...producer, VERIFACTU_PRODUCER_TAX_ID: "b-58378431" })).toThrow(
      /VERIFACTU_PRODUCER_TAX_ID: must be a Spanish NIF/,
    );
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names the variable that holds a bad value", () => {
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: "-3" })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ S3_CHECKSUM_WHEN_REQUIRED: "yes" })).toThrow(/S3_CHECKSUM_WHEN_REQUIRED/);
    expect(() => loadConfig({ AUTH_SECRET: "too-short" })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ METRICS_TOKEN: "too-short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ CURRENCY: "euro" })).toThrow(/CURRENCY/);
  });

  it("reports every bad variable at once", () => {
    expect(() => loadConfig({ REDIS_URL: "x", LOG_LEVEL: "loud" })).toThrow(
      /REDIS_URL[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*REDIS_URL/,
    );
  });

  it("exports traces only to a configured OTLP endpoint, over HTTP with protobuf unless JSON is asked for", () => {
    expect(loadConfig({}).traceExport).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).traceExport).toEqual({
      url: "http://collector:4318/v1/traces",
      protocol: "http/protobuf",
    });
    const signalSpecific = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:9000/ingest",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
    });
    expect(signalSpecific.traceExport).toEqual({ url: "http://traces:9000/ingest", protocol: "http/json" });
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }).traceExport).toBeUndefined();
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: "true" }).traceExport).toBeUndefined();
  });

  it("refuses OTLP over gRPC with a message naming the variable", () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported: use http\/protobuf \(the default\) or http\/json/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "grpc" })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: grpc is not supported/,
    );
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it("enables Inngest only when it is configured", () => {
    expect(loadConfig({ INNGEST_SIGNING_KEY: "signkey-prod-abc" }).inngestEnabled).toBe(true);
    expect(loadConfig({ INNGEST_BASE_URL: "http://127.0.0.1:8288" }).inngestEnabled).toBe(true);
  });

  it("refuses to start in production with an Inngest server but no signing key, which would serve every job unauthenticated", () => {
    const server = { NODE_ENV: "production", INNGEST_BASE_URL: "http://127.0.0.1:8288" };
    expect(() => loadConfig(server)).toThrow(
      /INNGEST_SIGNING_KEY: required in production when INNGEST_BASE_URL is set/,
    );
    expect(loadConfig({ ...server, INNGEST_SIGNING_KEY: "signkey-prod-abc" })).toMatchObject({
      inngestEnabled: true,
      inngestDevMode: false,
    });
    expect(loadConfig({ ...server, INNGEST_DEV: "1" })).toMatchObject({ inngestEnabled: true, inngestDevMode: true });
    expect(() => loadConfig({ ...server, INNGEST_DEV: "0" })).toThrow(/INNGEST_SIGNING_KEY/);
    // Outside production a local Inngest dev server needs no key, as before.
    expect(loadConfig({ INNGEST_BASE_URL: "http://127.0.0.1:8288" }).inngestDevMode).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", INNGEST_SIGNING_KEY: "signkey-prod-abc" }).inngestDevMode).toBe(false);
  });

  it("takes a scheduler tick that divides the minute", () => {
    expect(loadConfig({}).EMBEDDED_SCHEDULER_TICK_SECONDS).toBeUndefined();
    expect(loadConfig({ EMBEDDED_SCHEDULER_TICK_SECONDS: "10" }).EMBEDDED_SCHEDULER_TICK_SECONDS).toBe(10);
    for (const seconds of ["7", "0", "60", "2.5"]) {
      expect(() => loadConfig({ EMBEDDED_SCHEDULER_TICK_SECONDS: seconds })).toThrow(/EMBEDDED_SCHEDULER_TICK_SECONDS/);
    }
  });

  it("hashes passwords at OWASP's cost unless a test lowers it", () => {
    expect(loadConfig({}).PASSWORD_HASH_ITERATIONS).toBe(PASSWORD_ITERATIONS);
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_ITERATIONS: "1000" }).PASSWORD_HASH_ITERATIONS).toBe(1000);
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_ITERATIONS: "209999" })).toThrow(
        /PASSWORD_HASH_ITERATIONS: must be at least 210000: a lower cost is for tests only/,
      );
    }
    expect(loadConfig({ NODE_ENV: "production", PASSWORD_HASH_ITERATIONS: "600000" }).PASSWORD_HASH_ITERATIONS).toBe(
      600_000,
    );
  });
});

describe("multiInstanceWarnings", () => {
  const production = { NODE_ENV: "production", DATABASE_URL: "postgres://app@db.internal/clubops" };
  const shared = { REDIS_URL: "redis://cache.internal:6379", AUTH_SECRET: "s".repeat(32) };

  it("warns a production server on PostgreSQL that lacks Redis or AUTH_SECRET, naming what breaks across instances", () => {
    const warnings = multiInstanceWarnings(loadConfig(production));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^REDIS_URL is not set: scheduled jobs, rate limits and the sign-out deny-list are per instance/,
    );
    expect(warnings[1]).toMatch(/^AUTH_SECRET is not set: .*refused by any other instance/);
    expect(multiInstanceWarnings(loadConfig({ ...production, AUTH_SECRET: shared.AUTH_SECRET }))).toEqual([
      warnings[0],
    ]);
    expect(multiInstanceWarnings(loadConfig({ ...production, REDIS_URL: shared.REDIS_URL }))).toEqual([warnings[1]]);
  });

  it("stays quiet when both are set, outside production, and on the embedded database (one instance by nature)", () => {
    expect(multiInstanceWarnings(loadConfig({ ...production, ...shared }))).toEqual([]);
    expect(multiInstanceWarnings(loadConfig({ DATABASE_URL: production.DATABASE_URL }))).toEqual([]);
    expect(multiInstanceWarnings(loadConfig({ NODE_ENV: "production" }))).toEqual([]);
  });
});
