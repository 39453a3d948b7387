import { memberPageResponse, memberResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MemberErrors } from "@/lib/members/errors";
import { memberInputSchema, memberListQuery } from "@/lib/members/schemas";
import { createMember, listMembers } from "@/lib/members/service";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Spec 4.5: page-number list of live members, with search, status filter and their current plan. */
export const GET = route(
  { access: "members:read", query: memberListQuery, summary: "List members", response: { schema: memberPageResponse } },
  async ({ query, services }) => ok(await listMembers(services, query)),
);

export const POST = route(
  {
    access: "members:write",
    body: memberInputSchema,
    successStatus: 201,
    location: "/api/members/{id}",
    summary: "Create a member",
    response: { schema: memberResponse },
    errors: [MemberErrors.duplicateEmail],
  },
  async ({ body, services }) => createMember(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
