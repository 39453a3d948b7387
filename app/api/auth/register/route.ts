import { messageResponse } from "@/app/api/responses";
import { newAccountSchema } from "@/lib/auth/account-schema";
import { AuthErrors } from "@/lib/auth/errors";
import { register } from "@/lib/auth/registration";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/**
 * Self-service sign-up, when REGISTRATION_ENABLED (else 403 Auth.RegistrationDisabled); the same 202 whatever exists
 * (no enumeration): what happened is told by mail.
 */
export const POST = route(
  {
    rateLimit: "auth",
    body: newAccountSchema,
    successStatus: 202,
    summary: "Sign up",
    response: { schema: messageResponse },
    errors: [AuthErrors.registrationDisabled, AuthErrors.setupIncomplete],
  },
  async ({ body, services }) => {
    const registered = await register(services, body);
    return registered.ok ? ok({ message: "Check your email to finish signing up." }) : registered;
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
