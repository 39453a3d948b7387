import path from "node:path";
import { z } from "zod";

/**
 * Every setting of the service, read from environment variables once.
 * An unset component URL selects that component's embedded default.
 */
const optionalUrl = z.url().optional();
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === "true" || value === "1"));
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** The OTLP encodings the exporters speak; gRPC would need another exporter and its native dependencies. */
const otlpProtocol = z
  .enum(["http/protobuf", "http/json"], {
    error: (issue) =>
      issue.input === "grpc"
        ? "grpc is not supported: use http/protobuf (the default) or http/json"
        : "must be http/protobuf or http/json",
  })
  .optional();

/** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA512. Raise it here; stored hashes are upgraded at login. */
export const PASSWORD_ITERATIONS = 210_000;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    APP_URL: z.url().default("http://localhost:3000"),
    DATA_DIR: z.string().min(1).default(".data"),
    CLUB_TIMEZONE: z.string().default("Europe/Madrid"),
    /** ISO 4217 currency of every price; amounts are stored as numeric(12,2). */
    CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR")
      .default("EUR"),
    /** A plan change credits the unused days of the old term against the new one. */
    PRORATION_ENABLED: flag(true),

    DATABASE_URL: optionalUrl,
    DATABASE_POOL_MAX: positiveInt(10),
    DATABASE_CONNECT_TIMEOUT_SECONDS: positiveInt(3),
    DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(15000),
    /**
     * How long a request's database work may take in all before it is answered 504 (lib/platform/db/deadline.ts):
     * below a balancer's server timeout (60 s in docs/operations.md), so a stopped database never holds requests.
     */
    DATABASE_REQUEST_DEADLINE_MS: positiveInt(20_000),
    /** Server-side prepared statements; false behind a connection pooler that cannot keep them (PgBouncer < 1.21 in transaction mode). */
    DATABASE_PREPARED_STATEMENTS: flag(true),
    /** A direct PostgreSQL URL for migrations and their session-level lock, when DATABASE_URL is a transaction pooler. */
    DATABASE_MIGRATION_URL: optionalUrl,

    REDIS_URL: optionalUrl,
    REDIS_COMMAND_TIMEOUT_MS: positiveInt(1000),

    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().default("S3RVER"),
    S3_SECRET_ACCESS_KEY: z.string().default("S3RVER"),
    S3_FORCE_PATH_STYLE: flag(true),
    /** s3rver stores aws-chunked framing inside streamed bodies unless checksums are only sent when required. */
    S3_CHECKSUM_WHEN_REQUIRED: flag(false),
    EMBEDDED_S3_PORT: port(0),
    /** Largest upload per bucket in MiB; a bigger body is refused with 413 and nothing is stored. */
    FILE_LIMIT_DOCUMENTS_MB: positiveInt(25),
    FILE_LIMIT_IMAGES_MB: positiveInt(10),
    FILE_LIMIT_TEMP_MB: positiveInt(100),

    CLICKHOUSE_URL: optionalUrl,
    CLICKHOUSE_USER: z.string().default("default"),
    CLICKHOUSE_PASSWORD: z.string().default(""),
    CLICKHOUSE_DATABASE: z.string().regex(/^\w+$/, "must be a plain identifier").default("default"),

    EMAIL_RENDERER_URL: optionalUrl,
    EMAIL_RENDERER_PORT: port(3100),

    SMTP_URL: optionalUrl,
    EMBEDDED_SMTP_PORT: port(0),
    MAIL_FROM: z.string().min(3).default("ClubOps <no-reply@clubops.local>"),

    INNGEST_BASE_URL: optionalUrl,
    INNGEST_EVENT_KEY: z.string().optional(),
    INNGEST_SIGNING_KEY: z.string().optional(),
    /** Serves /api/inngest without checking Inngest's request signatures; in production only when asked for explicitly. */
    INNGEST_DEV: flag(false),
    /** Signs access tokens and console sessions; unset, a random secret is generated once under DATA_DIR (single instance only). */
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /**
     * A sign-in left unused this many minutes ends: its refresh token is refused, and the console asks for the password
     * again (OWASP ASVS 3.3.2); 12 hours, a working day at the desk. 0: only SESSION_MAX_DAYS ends it.
     */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(0).max(525_600).default(720),
    /** Absolute lifetime of a sign-in: refreshing never extends it past this many days after the password was given. */
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Seconds after a rotation in which the rotated refresh token still gets its successor again (a client whose
     * answer was lost retries); later, or a token two rotations old, is reuse and ends the sign-in. 0: no grace.
     */
    REFRESH_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /**
     * PBKDF2 iterations of new password hashes. Below PASSWORD_ITERATIONS (OWASP's recommendation) only in tests, where
     * hundreds of accounts are created and signed in: production cost is proven by lib/auth/password.test.ts.
     */
    PASSWORD_HASH_ITERATIONS: positiveInt(PASSWORD_ITERATIONS),
    /**
     * The first-run setup code, for an installation set up by a script; unset, one is derived from AUTH_SECRET and
     * printed at start while the club is not set up (lib/setup/setup-code.ts, docs/operations.md, First start).
     */
    SETUP_CODE: z.string().trim().min(12, "must be at least 12 characters").max(200).optional(),
    /**
     * Whether anyone may sign up (POST /api/auth/register). Off: a club's back office gets its accounts from staff,
     * by invitation; with it on, an unproven address is never given a usable password or a role (docs/api.md, Sign-up).
     */
    REGISTRATION_ENABLED: flag(false),
    /** Requests per client IP per minute on the setup endpoints, and on login/register/password recovery. */
    RATE_LIMIT_SETUP_PER_MINUTE: positiveInt(10),
    RATE_LIMIT_AUTH_PER_MINUTE: positiveInt(20),
    /** Refreshes per client IP per minute, counted apart: a club's shared address full of members must not share a bucket with login guesses. */
    RATE_LIMIT_REFRESH_PER_MINUTE: positiveInt(120),
    /** Reverse proxies in front of the app that append to X-Forwarded-For; 0: the client is the TCP peer (lib/platform/http/client-ip.ts). */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),

    /** Bearer token GET /metrics requires (Prometheus `authorization: {credentials: …}`); unset, /metrics answers 404. */
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),

    /**
     * Traces (docs/operations.md, Traces): the standard OpenTelemetry variables. Spans are exported over OTLP/HTTP only
     * when an endpoint is set and OTEL_TRACES_EXPORTER is not `none`; the exporter itself also reads
     * OTEL_EXPORTER_OTLP_{TRACES_}HEADERS, _TIMEOUT and _COMPRESSION.
     */
    OTEL_SDK_DISABLED: flag(false),
    OTEL_SERVICE_NAME: z.string().min(1).default("clubops"),
    OTEL_TRACES_EXPORTER: z.enum(["otlp", "none"]).default("otlp"),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl,
    OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
    OTEL_TRACES_SAMPLER: z
      .enum([
        "always_on",
        "always_off",
        "traceidratio",
        "parentbased_always_on",
        "parentbased_always_off",
        "parentbased_traceidratio",
      ])
      .default("parentbased_always_on"),
    /** The ratio of the traceidratio samplers. */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
    /** Milliseconds between two exports of finished spans, the most spans one export carries, the most kept waiting. */
    OTEL_BSP_SCHEDULE_DELAY: positiveInt(5000),
    OTEL_BSP_MAX_EXPORT_BATCH_SIZE: positiveInt(512),
    OTEL_BSP_MAX_QUEUE_SIZE: positiveInt(2048),

    /**
     * Who provides this installation of ClubOps to the club and signs its declaración responsable (RD 1007/2023 art.
     * 13; docs/verifactu-declaracion-responsable.md): named in every VERI*FACTU record as the system's producer. Unset,
     * the club itself, which installed it.
     */
    /**
     * The AEAT environment VERI*FACTU records go to and QR codes point to: `production`, or `test` (the AEAT's
     * pre-production services, for trying the setup out without real invoices).
     */
    VERIFACTU_ENVIRONMENT: z.enum(["production", "test"]).default("production"),
    /**
     * The club's electronic certificate for sending VERI*FACTU records to the AEAT (PKCS#12, .p12 or .pfx) and its
     * password; unset, records are generated and kept but not sent. `seal` for a certificado de sello (the AEAT serves
     * those on another host), else `personal` (a person's or a representative's).
     */
    VERIFACTU_CERTIFICATE_FILE: z.string().min(1).optional(),
    VERIFACTU_CERTIFICATE_PASSWORD: z.string().optional(),
    VERIFACTU_CERTIFICATE_KIND: z.enum(["personal", "seal"]).default("personal"),
    /** Another address for the AEAT's web service (a proxy, or a test double), and a CA file (PEM) to trust for it. */
    VERIFACTU_ENDPOINT_URL: z.url().optional(),
    VERIFACTU_CA_FILE: z.string().min(1).optional(),
    /** How long a submission may take before it is given up and retried (its records are then resent). */
    VERIFACTU_TIMEOUT_MS: positiveInt(30_000),
    VERIFACTU_PRODUCER_NAME: z.string().trim().min(1).max(120).optional(),
    VERIFACTU_PRODUCER_TAX_ID: z
      .string()
      .regex(/^[0-9A-Z]{9}$/, "must be a Spanish NIF: 9 letters and digits, upper case, no spaces")
      .optional(),

    /** Runs the recurring jobs in-process when Inngest is not configured. Off in tests that drive jobs by hand. */
    EMBEDDED_SCHEDULER: flag(true),
    /**
     * The embedded scheduler runs the every-minute jobs every this many seconds instead (a divisor of 60), so a test
     * counts schedule slots without waiting out minutes (tests/operations/instances.test.ts). Unset: every minute.
     */
    EMBEDDED_SCHEDULER_TICK_SECONDS: z.coerce
      .number()
      .int()
      .refine(
        (seconds) => seconds > 0 && seconds < 60 && 60 % seconds === 0,
        "must divide 60: 1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30",
      )
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_MIGRATION_URL"],
        message:
          "only used with DATABASE_URL: it is the direct route to the same database when DATABASE_URL is a pooler",
      });
    }
    if (env.NODE_ENV !== "test" && env.PASSWORD_HASH_ITERATIONS < PASSWORD_ITERATIONS) {
      context.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_ITERATIONS"],
        message: `must be at least ${PASSWORD_ITERATIONS}: a lower cost is for tests only (NODE_ENV=test)`,
      });
    }
    if (Boolean(env.VERIFACTU_PRODUCER_NAME) !== Boolean(env.VERIFACTU_PRODUCER_TAX_ID)) {
      context.addIssue({
        code: "custom",
        path: [env.VERIFACTU_PRODUCER_NAME ? "VERIFACTU_PRODUCER_TAX_ID" : "VERIFACTU_PRODUCER_NAME"],
        message: "set VERIFACTU_PRODUCER_NAME and VERIFACTU_PRODUCER_TAX_ID together: the records name both",
      });
    }
    // Without a signing key the Inngest SDK serves in dev mode: anyone who reaches /api/inngest can run any job.
    if (env.NODE_ENV === "production" && env.INNGEST_BASE_URL && !env.INNGEST_SIGNING_KEY && !env.INNGEST_DEV) {
      context.addIssue({
        code: "custom",
        path: ["INNGEST_SIGNING_KEY"],
        message:
          "required in production when INNGEST_BASE_URL is set: without it /api/inngest runs any job for anyone who reaches it (set INNGEST_DEV=1 to accept that explicitly)",
      });
    }
  });

type Env = z.infer<typeof envSchema>;

/** Where and how finished spans are sent. */
export type TraceExport = { url: string; protocol: "http/protobuf" | "http/json" };

export type Config = Env & {
  /** Undefined when no span leaves the process: no OTLP endpoint, OTEL_TRACES_EXPORTER=none or the SDK disabled. */
  traceExport: TraceExport | undefined;
  dataDir: string;
  /** Inngest runs the recurring jobs when an Inngest server or cloud key is configured. */
  inngestEnabled: boolean;
  /** /api/inngest skips signature checks: INNGEST_DEV=1, or an Inngest server without a signing key (refused in production). */
  inngestDevMode: boolean;
};

class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Parses the environment; a bad value fails with a message naming every offending variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  return {
    ...values,
    traceExport: traceExportOf(values),
    dataDir: path.resolve(values.DATA_DIR),
    inngestEnabled: Boolean(values.INNGEST_BASE_URL || values.INNGEST_SIGNING_KEY),
    inngestDevMode: values.INNGEST_DEV || (Boolean(values.INNGEST_BASE_URL) && !values.INNGEST_SIGNING_KEY),
  };
}

/**
 * Settings that are valid but leave a production server unable to run beside other instances; logged at start-up
 * (lib/platform/boot.ts). A PostgreSQL database is what several instances share, so DATABASE_URL marks the deployment
 * that might: without Redis each instance keeps its own job claims, rate-limit counters and deny-list, and without
 * AUTH_SECRET each signs tokens with its own random secret (docs/operations.md, "Several instances").
 */
export function multiInstanceWarnings(config: Config): string[] {
  if (config.NODE_ENV !== "production" || !config.DATABASE_URL) return [];
  const warnings: string[] = [];
  if (!config.REDIS_URL)
    warnings.push(
      "REDIS_URL is not set: scheduled jobs, rate limits and the sign-out deny-list are per instance; run one instance only, or set REDIS_URL",
    );
  if (!config.AUTH_SECRET)
    warnings.push(
      "AUTH_SECRET is not set: this instance signs sessions with a secret of its own under DATA_DIR, so a session started here is refused by any other instance; set the same AUTH_SECRET on every instance",
    );
  return warnings;
}

/** The signal-specific endpoint is used as it is; the general one gets the traces path appended (OTLP/HTTP spec). */
function traceExportOf(values: Env): TraceExport | undefined {
  if (values.OTEL_SDK_DISABLED || values.OTEL_TRACES_EXPORTER === "none") return undefined;
  const general = values.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url = values.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (general && `${general.replace(/\/+$/, "")}/v1/traces`);
  if (!url) return undefined;
  const protocol = values.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? values.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  return { url, protocol };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}
