import { memberResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
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
    response: { schema: memberResponse },
    errors: [MemberErrors.notFound, MemberErrors.duplicateEmail],
  },
  async ({ params, body, principal }) => updateMember(await memberContext(principal), params.id, body),
);

/** Soft delete, audit-logged; 204. 409 Member.HasActiveSubscription while a subscription is active. */
export const DELETE = route(
  {
    access: "members:delete",
    params: idParams,
    summary: "Delete a member (soft)",
    successStatus: 204,
    errors: [MemberErrors.notFound, MemberErrors.hasActiveSubscription],
  },
  async ({ params, principal }) => deleteMember(await memberContext(principal), params.id),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
