import Redis from "ioredis";

/** Counts the databases handed out, in database 0, which no test file is given. */
const COUNTER_KEY = "clubops:test:databases-handed-out";

/**
 * Points this test file at a Redis database of its own (REDIS_URL's database index), before any module reads the
 * configuration: files running in parallel, and the run's lanes one after another, then never share rate limits,
 * caches or the job schedule's claimed slots. scripts/test-services.sh starts Redis with enough databases.
 */
export async function moveToOwnRedisDatabase(): Promise<void> {
  const url = new URL(String(process.env.REDIS_URL));
  url.pathname = "/0";
  const redis = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    url.pathname = `/${await redis.incr(COUNTER_KEY)}`;
  } finally {
    redis.disconnect();
  }
  process.env.REDIS_URL = url.toString();
}
