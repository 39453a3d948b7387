import { auditActorQuery, listAuditActors } from "@/lib/audit/actors";
import { auditActorsShape } from "@/lib/audit/shapes";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** The people the viewer's actor filter offers, by name or email. */
export const GET = route(
  {
    access: "audit:read",
    query: auditActorQuery,
    summary: "Users to filter the audit trail by, searched by name or email (at most 20)",
    description:
      "For the viewer's actor filter: users whose name or email contains `search` (ignoring case), whatever their state, ordered by name. Only `audit:read` is needed: it answers names and emails, as the trail's entries show them.",
    response: { schema: auditActorsShape },
  },
  async ({ query, services }) => ok(await listAuditActors(services.db, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
