import { AuthErrors } from "@/lib/auth/errors";
import { verifyEmail } from "@/lib/auth/registration";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { emailedLinkSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Confirms an email address from the emailed link; 204. */
export const POST = route(
  {
    rateLimit: "auth",
    body: emailedLinkSchema,
    summary: "Confirm an email address",
    successStatus: 204,
    errors: [AuthErrors.invalidLink],
  },
  async ({ body, services }) => verifyEmail(services, body.token),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
