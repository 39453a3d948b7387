import { AuthErrors } from "@/lib/auth/errors";
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
    response: { status: 204 },
    errors: [AuthErrors.invalidLink, UserErrors.duplicateEmail],
  },
  async ({ body, services }) => {
    const confirmed = await confirmEmailChange(services, body.token);
    return confirmed.ok ? new Response(null, { status: 204 }) : confirmed;
  },
);
