import { z } from "zod";
import { messageResponse } from "@/app/api/responses";
import { emailField } from "@/lib/auth/account-schema";
import { requestPasswordReset } from "@/lib/auth/recovery";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

const forgotPasswordSchema = z.object({ email: emailField });

/** Emails a reset link if the address has an account; the same 202 either way. */
export const POST = route(
  {
    rateLimit: "auth",
    body: forgotPasswordSchema,
    successStatus: 202,
    summary: "Ask for a password reset link",
    response: { schema: messageResponse },
  },
  async ({ body, services }) => {
    await requestPasswordReset(services, body.email);
    return ok({ message: "If an account uses that address, we have sent it a link to reset the password." });
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
