import { AuthErrors } from "@/lib/auth/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { confirmEmailChange } from "@/lib/users/email-change";
import { UserErrors } from "@/lib/users/errors";
import { emailedLinkSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Applies an email change staff requested, from the link mailed to the new address; 204. */
export const POST = route(
  {
    rateLimit: "auth",
    body: emailedLinkSchema,
    summary: "Confirm a new email address",
    description:
      "The account's email becomes the address the link was mailed to, the address counts as verified, " +
      "every session of the account ends and the old address is told.",
    successStatus: 204,
    errors: [AuthErrors.invalidLink, UserErrors.duplicateEmail],
  },
  async ({ body, services }) => confirmEmailChange(services, body.token),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
