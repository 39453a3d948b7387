import autocannon from "autocannon";
import { jsonApi, setUpClub } from "@/bench/club-api";
import { prepareDatabase, startAppServer, stopProcess, waitUntilAnswering } from "@/bench/servers";
import { seedMembers } from "./seed-data";
const direct = process.env.DATABASE_URL!;
const pooled = process.env.DATABASE_URL_POOLED!;
await prepareDatabase(direct, (db) => seedMembers(db, 10000));
const { base, server } = await startAppServer("pgb", { DATABASE_URL: pooled, DATABASE_MIGRATION_URL: direct, DATABASE_PREPARED_STATEMENTS: "false" });
try {
  await waitUntilAnswering(`${base}/health/ready`);
  const token = (await setUpClub(jsonApi(base))).accessToken;
  for (let i = 0; i < 3; i++) {
    const r = await autocannon({ url: `${base}/api/members?pageSize=20`, connections: 32, duration: 5, headers: { authorization: `Bearer ${token}` } });
    console.log("run", i, r["2xx"], r.non2xx, r.errors, r.timeouts, JSON.stringify(r.statusCodeStats));
    const h = await fetch(`${base}/health/ready`); console.log("health", h.status, (await h.text()).slice(0, 120));
  }
} finally { await stopProcess(server); }
