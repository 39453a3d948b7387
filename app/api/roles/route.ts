import { rolePageResponse, roleResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";
import { RoleErrors } from "@/lib/roles/errors";
import { roleInputSchema, roleListQuery } from "@/lib/roles/schemas";
import { createRole, listRoles } from "@/lib/roles/service";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "roles:read", query: roleListQuery, summary: "List roles", response: { schema: rolePageResponse } },
  async ({ query, services }) => ok(await listRoles(services, query)),
);

export const POST = route(
  {
    access: "roles:write",
    body: roleInputSchema,
    successStatus: 201,
    location: "/api/roles/{id}",
    summary: "Create a role",
    response: { schema: roleResponse },
    errors: [RoleErrors.duplicateName, RoleErrors.cannotGrant],
  },
  async ({ body, services }) => createRole(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
