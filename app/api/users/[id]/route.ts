import { userResponse } from "@/app/api/responses";
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
  async ({ params, body, services }) => updateUser(services, params.id, body),
);

/** Deactivates (the account and its history stay); 204. */
export const DELETE = route(
  {
    access: "users:write",
    params: idParams,
    summary: "Deactivate a user",
    successStatus: 204,
    errors: [UserErrors.notFound, UserErrors.protectedAccount, UserErrors.cannotModifySelf, UserErrors.lastSuperAdmin],
  },
  async ({ params, services }) => deactivateUser(services, params.id),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
