import { memberResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { route } from "@/lib/http/route";
import { memberContext } from "@/lib/members/context";
import { MemberErrors } from "@/lib/members/errors";
import { memberInputSchema } from "@/lib/members/schemas";
import { deleteMember, getMember, updateMember } from "@/lib/members/service";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "members:read",
    params: idParams,
    summary: "Get a member",
    versioned: true,
    response: { schema: memberResponse },
    errors: [MemberErrors.notFound],
  },
  async ({ params, principal }) => getMember(await memberContext(principal), params.id),
);

export const PUT = route(
  {
    access: "members:write",
    params: idParams,
    body: memberInputSchema,
    summary: "Update a member",
    versioned: true,
    response: { schema: memberResponse },
    errors: [MemberErrors.notFound, MemberErrors.duplicateEmail],
  },
  async ({ params, body, principal, request }) =>
    updateMember(await memberContext(principal), params.id, body, expectedVersion(request)),
);

/** Soft delete, audit-logged; 204. 409 Member.HasActiveSubscription while a subscription is active. */
export const DELETE = route(
  {
    access: "members:delete",
    params: idParams,
    summary: "Delete a member (soft)",
    versioned: true,
    successStatus: 204,
    errors: [MemberErrors.notFound, MemberErrors.hasActiveSubscription],
  },
  async ({ params, principal, request }) =>
    deleteMember(await memberContext(principal), params.id, expectedVersion(request)),
);
