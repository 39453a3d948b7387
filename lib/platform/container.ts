import { type Config, getConfig } from "@/lib/config";
import { type Analytics, createAnalytics } from "./analytics";
import { type Cache, createCache } from "./cache";
import { closeDataDir, tightenDataDir } from "./data-dir";
import { createDatabase, type DatabaseAdapter } from "./db";
import { createEmailRenderer, type EmailRenderer } from "./email-renderer";
import { logger } from "./logger";
import { createMailer, type Mailer } from "./smtp";
import { createStorage, type Storage } from "./storage";

/** Every supporting component, chosen by configuration: real when its URL is set, embedded otherwise. */
export type Platform = {
  config: Config;
  database: DatabaseAdapter;
  cache: Cache;
  storage: Storage;
  analytics: Analytics;
  renderer: EmailRenderer;
  mailer: Mailer;
};

async function startPlatform(config: Config): Promise<Platform> {
  const started = Date.now();
  await closeDataDir(config.dataDir);
  const database = await createDatabase(config);
  const analytics = createAnalytics(config);
  const cache = createCache(config);
  const renderer = createEmailRenderer(config);
  const storageStarting = createStorage(config);
  const mailerStarting = createMailer(config);
  const steps = await Promise.allSettled([storageStarting, mailerStarting, database.migrate(), analytics.migrate()]);
  const failure = steps.find((step) => step.status === "rejected");
  if (failure) {
    // Close what did start (embedded servers, pools) so a retry starts clean.
    const servers = steps
      .slice(0, 2)
      .flatMap((step) => (step.status === "fulfilled" && step.value ? [step.value] : []));
    await Promise.allSettled([database, analytics, cache, renderer, ...servers].map((component) => component.close()));
    throw failure.reason;
  }
  const [storage, mailer] = await Promise.all([storageStarting, mailerStarting]);
  const platform: Platform = { config, database, cache, storage, analytics, renderer, mailer };
  // After the components started: PGlite creates its cluster with modes of its own.
  const dataDir = await tightenDataDir(config.dataDir);
  logger.info(
    {
      durationMs: Date.now() - started,
      dataDir,
      database: database.kind,
      cache: cache.kind,
      storage: storage.kind,
      analytics: analytics.kind,
      renderer: renderer.kind,
      mailer: mailer.kind,
    },
    "platform started",
  );
  return platform;
}

// One platform per process: Next.js may load this module in several bundles (instrumentation, routes).
const holder = globalThis as typeof globalThis & { __clubopsPlatform?: Promise<Platform> };

/** The process-wide platform, started on first use. */
export function platform(): Promise<Platform> {
  holder.__clubopsPlatform ??= startPlatform(getConfig()).catch((error: unknown) => {
    holder.__clubopsPlatform = undefined;
    throw error;
  });
  return holder.__clubopsPlatform;
}

export async function stopPlatform(): Promise<void> {
  const started = holder.__clubopsPlatform;
  holder.__clubopsPlatform = undefined;
  if (!started) return;
  const { database, cache, storage, analytics, renderer, mailer } = await started;
  await Promise.allSettled([
    database.close(),
    cache.close(),
    storage.close(),
    analytics.close(),
    renderer.close(),
    mailer.close(),
  ]);
}
