import { listAuditActions } from "@/lib/audit/query";
import { auditActionsShape } from "@/lib/audit/shapes";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** The distinct actions in the trail, for the viewer's filter. */
export const GET = route(
  {
    access: "audit:read",
    summary: "The distinct actions in the audit trail, sorted (at most 1,000)",
    response: { schema: auditActionsShape },
  },
  async ({ services }) => ok(await listAuditActions(services)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
