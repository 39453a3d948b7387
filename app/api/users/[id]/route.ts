import { userResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { deactivateUser, getUser, updateUser } from "@/lib/users/admin";
import { UserErrors } from "@/lib/users/errors";
import { updateUserSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "users:read",
    params: idParams,
    summary: "Get a user",
    versioned: true,
    response: { schema: userResponse },
    errors: [UserErrors.notFound],
  },
  async ({ params, services }) => getUser(services, params.id),
);

export const PUT = route(
  {
    access: "users:write",
    params: idParams,
    body: updateUserSchema,
    summary: "Update a user",
    versioned: true,
    description:
      "A new email does not apply at once: it waits as `pendingEmail` until the new address confirms it with the link " +
      "mailed there (POST /api/auth/confirm-email-change), and the old address is told.",
    response: { schema: userResponse },
    errors: [
      UserErrors.notFound,
      UserErrors.duplicateEmail,
      UserErrors.duplicateUsername,
      UserErrors.protectedAccount,
      UserErrors.cannotModifySelf,
      UserErrors.lastSuperAdmin,
    ],
  },
  async ({ params, body, services, request }) => updateUser(services, params.id, body, expectedVersion(request)),
);

/** Deactivates (the account and its history stay); 204. */
export const DELETE = route(
  {
    access: "users:write",
    params: idParams,
    summary: "Deactivate a user",
    versioned: true,
    successStatus: 204,
    errors: [UserErrors.notFound, UserErrors.protectedAccount, UserErrors.cannotModifySelf, UserErrors.lastSuperAdmin],
  },
  async ({ params, services, request }) => deactivateUser(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
