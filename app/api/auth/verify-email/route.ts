import { AuthErrors } from "@/lib/auth/errors";
import { verifyEmail } from "@/lib/auth/registration";
import { route } from "@/lib/http/route";
import { emailedLinkSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Confirms an email address from the emailed link; 204. */
export const POST = route(
  {
    rateLimit: "auth",
    body: emailedLinkSchema,
    summary: "Confirm an email address",
    response: { status: 204 },
    errors: [AuthErrors.invalidLink],
  },
  async ({ body, services }) => {
    const verified = await verifyEmail(services, body.token);
    return verified.ok ? new Response(null, { status: 204 }) : verified;
  },
);
