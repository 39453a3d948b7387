import { z } from "zod";
import { passwordField } from "@/lib/auth/account-schema";
import { AuthErrors } from "@/lib/auth/errors";
import { resetPassword } from "@/lib/auth/recovery";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const resetPasswordSchema = z.object({ token: z.string().min(1).max(200), newPassword: passwordField });

/** Sets a new password from a single-use reset link; 204, and every session of the account ends. */
export const POST = route(
  {
    rateLimit: "auth",
    body: resetPasswordSchema,
    summary: "Set a new password from a reset link",
    successStatus: 204,
    response: { description: "Password set; every session of the account ends." },
    errors: [AuthErrors.invalidLink],
  },
  async ({ body, services }) => resetPassword(services, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
