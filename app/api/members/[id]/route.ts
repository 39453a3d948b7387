import { memberContext } from "@/lib/members/context";
import { memberInputSchema } from "@/lib/members/schemas";
import { deleteMember, getMember, updateMember } from "@/lib/members/service";
import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "members:read", params: idParams }, async ({ params, principal }) =>
  getMember(await memberContext(principal), params.id),
);

export const PUT = route({ access: "members:write", params: idParams, body: memberInputSchema }, async ({ params, body, principal }) =>
  updateMember(await memberContext(principal), params.id, body),
);

/** Soft delete, audit-logged; 204. 409 Member.HasActiveSubscription while a subscription is active. */
export const DELETE = route({ access: "members:delete", params: idParams }, async ({ params, principal }) => {
  const deleted = await deleteMember(await memberContext(principal), params.id);
  return deleted.ok ? new Response(null, { status: 204 }) : deleted;
});
