import { roleResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { route } from "@/lib/http/route";
import { platform } from "@/lib/platform/container";
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
  async ({ params }) => getRole((await platform()).database.db, params.id),
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
  async ({ params, body, principal, request }) =>
    updateRole((await platform()).database.db, principal, params.id, body, expectedVersion(request)),
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
  async ({ params, principal, request }) =>
    deleteRole((await platform()).database.db, principal, params.id, expectedVersion(request)),
);
