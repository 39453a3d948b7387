import { auditLogQuery, listAuditLogs } from "@/lib/audit/query";
import { auditLogPageShape } from "@/lib/audit/shapes";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** The audit trail (ClickHouse `audit_logs`), filtered, newest first; 503 while analytics is unavailable. */
export const GET = route(
  {
    access: "audit:read",
    query: auditLogQuery,
    summary: "The audit trail, filtered and paginated, newest first",
    description:
      "Reads ClickHouse `audit_logs` with every filter bound as a query parameter. `from` is inclusive and `to` exclusive; an `action` ending with a dot is a prefix; `severity` takes several values, comma-separated. 503 while analytics is unavailable.",
    response: { schema: auditLogPageShape },
  },
  async ({ query, services }) => ok(await listAuditLogs(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
