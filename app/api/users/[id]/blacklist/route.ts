import { userResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { blacklistUser, liftBlacklist } from "@/lib/users/admin";
import { UserErrors } from "@/lib/users/errors";
import { blacklistSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Blocks sign-in and ends the user's sessions at once. */
export const POST = route(
  {
    access: "users:write",
    params: idParams,
    body: blacklistSchema,
    summary: "Block a user",
    response: { schema: userResponse },
    errors: [UserErrors.notFound, UserErrors.protectedAccount, UserErrors.cannotModifySelf, UserErrors.lastSuperAdmin],
  },
  async ({ params, body, services }) => blacklistUser(services, params.id, body.reason),
);

export const DELETE = route(
  {
    access: "users:write",
    params: idParams,
    summary: "Unblock a user",
    response: { schema: userResponse },
    errors: [UserErrors.notFound, UserErrors.protectedAccount],
  },
  async ({ params, services }) => liftBlacklist(services, params.id),
);

export const { GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST, DELETE });
