import { userResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { RoleErrors } from "@/lib/roles/errors";
import { assignRoles } from "@/lib/users/admin";
import { UserErrors } from "@/lib/users/errors";
import { assignRolesSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Replaces the user's roles with the named ones. */
export const PUT = route(
  {
    access: "users:write",
    params: idParams,
    body: assignRolesSchema,
    summary: "Replace a user's roles",
    response: { schema: userResponse },
    errors: [
      UserErrors.notFound,
      UserErrors.unknownRole,
      RoleErrors.cannotGrant,
      UserErrors.protectedAccount,
      UserErrors.cannotModifySelf,
      UserErrors.lastSuperAdmin,
      UserErrors.unconfirmedSignUp,
    ],
  },
  async ({ params, body, services }) => assignRoles(services, params.id, body.roles),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, POST } = otherMethods({ PUT });
