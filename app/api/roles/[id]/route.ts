import { roleResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { RoleErrors } from "@/lib/roles/errors";
import { roleInputSchema } from "@/lib/roles/schemas";
import { deleteRole, getRole, updateRole } from "@/lib/roles/service";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "roles:read",
    params: idParams,
    summary: "Get a role",
    versioned: true,
    response: { schema: roleResponse },
    errors: [RoleErrors.notFound],
  },
  async ({ params, services }) => getRole(services, params.id),
);

export const PUT = route(
  {
    access: "roles:write",
    params: idParams,
    body: roleInputSchema,
    summary: "Update a role",
    versioned: true,
    response: { schema: roleResponse },
    errors: [RoleErrors.notFound, RoleErrors.duplicateName, RoleErrors.builtIn, RoleErrors.cannotGrant],
  },
  async ({ params, body, services, request }) => updateRole(services, params.id, body, expectedVersion(request)),
);

export const DELETE = route(
  {
    access: "roles:write",
    params: idParams,
    summary: "Delete a role",
    versioned: true,
    successStatus: 204,
    errors: [RoleErrors.notFound, RoleErrors.builtIn, RoleErrors.inUse, RoleErrors.cannotGrant],
  },
  async ({ params, services, request }) => deleteRole(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
