// The baseline of bench/members-baseline.ts: a plain `node:http` server with postgres.js answering
// `GET /api/members` (default order, pageNumber/pageSize) with the same authentication as the application
// (lib/auth/authenticate.ts): the HS256 JWT verified with jose under the AUTH_SECRET-derived key
// (lib/platform/auth-keys.ts), the deny-list GET in Redis and the user's roles and permissions loaded with lib/auth/user-access.ts's SQL, both at
// once, then the same two list statements as lib/members/repository.ts (page ids, then the rows with their plan in
// force; the total from member_counts) concurrently. No framework, no validation library, no logging: the floor.
//   DATABASE_URL=… REDIS_URL=… AUTH_SECRET=… PORT=… npx tsx bench/baseline-server.ts
import { hkdfSync } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import Redis from "ioredis";
import { errors, jwtVerify } from "jose";
import postgres from "postgres";

const { DATABASE_URL, REDIS_URL, AUTH_SECRET } = process.env;
if (!DATABASE_URL || !REDIS_URL || !AUTH_SECRET)
  throw new Error("DATABASE_URL, REDIS_URL and AUTH_SECRET are required");
const PORT = Number(process.env.PORT ?? 3100);

// The application's pool size (DATABASE_POOL_MAX default) and statement timeout, so both servers get the same database.
const sql = postgres(DATABASE_URL, {
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
  onnotice: () => {},
  connection: { statement_timeout: 15_000 },
});
const redis = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
const key = Buffer.from(hkdfSync("sha256", AUTH_SECRET, "clubops", "access-token", 32));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^Bearer\s+(\S+)$/i;

type Access = {
  is_active: boolean;
  blacklisted_at: Date | null;
  session_version: number;
  must_change_password: boolean;
  permissions: string[];
};

async function verify(token: string) {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: "clubops",
      audience: "clubops-api",
      algorithms: ["HS256"],
    });
    if (
      !payload.sub ||
      !UUID.test(payload.sub) ||
      !payload.jti ||
      payload.exp === undefined ||
      typeof payload.sv !== "number"
    )
      return null;
    return { userId: payload.sub, jti: payload.jti, sessionVersion: payload.sv };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

const denied = (jti: string) =>
  redis.get(`auth:denied-jti:${jti}`).then(
    (value) => value !== null,
    () => false,
  );

const loadAccess = (userId: string) => sql<Access[]>`
  select u.id, u.email, u.username, u.first_name, u.last_name, u.must_change_password, u.is_active, u.blacklisted_at, u.session_version,
    coalesce(array_agg(distinct r.name) filter (where r.name is not null), '{}') as roles,
    coalesce(array_agg(distinct rp.permission) filter (where rp.permission is not null), '{}') as permissions
  from users u
  left join user_roles ur on ur.user_id = u.id
  left join roles r on r.id = ur.role_id
  left join role_permissions rp on rp.role_id = r.id
  where u.id = ${userId}
  group by u.id`;

type Row = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  status: string;
  joined_on: string;
  plan_id: string | null;
  plan_name: string | null;
  plan_code: string | null;
  ends_at: Date | null;
};

const listPage = (limit: number, offset: number) => sql<Row[]>`
  select m.id, m.first_name, m.last_name, m.email, m.phone, m.status, m.joined_on::text as joined_on,
    p.id as plan_id, p.name as plan_name, p.code as plan_code, s.ends_at
  from (select id from members where deleted_at is null
        order by lower(last_name), lower(first_name), id limit ${limit} offset ${offset}) page
  join members m on m.id = page.id
  left join subscriptions s on s.member_id = m.id and s.status = 'active' and s.started_at <= now() and s.ends_at > now()
  left join plans p on p.id = s.plan_id
  order by lower(m.last_name), lower(m.first_name), m.id`;

const total = () => sql<{ n: number }[]>`select coalesce(sum(live), 0)::int as n from member_counts`;

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": status < 400 ? "application/json" : "application/problem+json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

const problem = (status: number, title: string) => ({ type: "about:blank", title, status });

const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? "/", "http://baseline");
    if (url.pathname === "/health/live") return send(response, 200, { status: "Healthy" });
    if (request.method !== "GET" || url.pathname !== "/api/members")
      return send(response, 404, problem(404, "Not Found"));
    const token = request.headers.authorization?.match(BEARER)?.[1];
    if (!token) return send(response, 401, problem(401, "Unauthorized"));
    const claims = await verify(token);
    if (!claims) return send(response, 401, problem(401, "Unauthorized"));
    const [isDenied, [user]] = await Promise.all([denied(claims.jti), loadAccess(claims.userId)]);
    if (isDenied || !user || !user.is_active || user.blacklisted_at || user.session_version !== claims.sessionVersion) {
      return send(response, 401, problem(401, "Unauthorized"));
    }
    if (user.must_change_password || !(user.permissions.includes("*") || user.permissions.includes("members:read"))) {
      return send(response, 403, problem(403, "Forbidden"));
    }
    const pageNumber = Number(url.searchParams.get("pageNumber") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 20);
    if (
      !Number.isInteger(pageNumber) ||
      pageNumber < 1 ||
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > 100
    ) {
      return send(response, 400, problem(400, "Bad Request"));
    }
    const [rows, [counted]] = await Promise.all([listPage(pageSize, (pageNumber - 1) * pageSize), total()]);
    const totalCount = counted?.n ?? 0;
    send(response, 200, {
      items: rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        fullName: `${row.first_name} ${row.last_name}`,
        email: row.email,
        phone: row.phone,
        status: row.status,
        joinedOn: row.joined_on,
        currentPlan: row.plan_id ? { id: row.plan_id, name: row.plan_name, code: row.plan_code } : null,
        subscriptionEndsAt: row.ends_at,
      })),
      totalCount,
      pageNumber,
      pageSize,
      totalPages: Math.ceil(totalCount / pageSize),
    });
  } catch (error) {
    console.error(error);
    if (!response.headersSent) send(response, 500, problem(500, "Internal Server Error"));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, "127.0.0.1", () => console.log(`baseline listening on ${PORT}`));

const stop = () => {
  server.close();
  void Promise.allSettled([sql.end({ timeout: 2 }), redis.quit()]).then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
