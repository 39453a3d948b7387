import { memberResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
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
  async ({ params, services }) => getMember(services, params.id),
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
  async ({ params, body, services, request }) => updateMember(services, params.id, body, expectedVersion(request)),
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
  async ({ params, services, request }) => deleteMember(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
