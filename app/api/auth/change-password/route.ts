import { z } from "zod";
import { loginResponse } from "@/app/api/responses";
import { passwordField } from "@/lib/auth/account-schema";
import { AuthErrors } from "@/lib/auth/errors";
import { changePassword, passwordChangeThrottled } from "@/lib/auth/password-change";
import { sessionResponse } from "@/lib/auth/session-http";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const changePasswordSchema = z.object({
  currentPassword: passwordField,
  newPassword: passwordField,
  refreshTokenTransport: z.enum(["cookie", "body"]).default("cookie"),
});

/** The caller's new password; other sessions end and a fresh login response comes back. */
export const POST = route(
  {
    access: "authenticated",
    body: changePasswordSchema,
    summary: "Change the caller's password",
    response: { schema: loginResponse, description: "A new session; every other session of the account ends." },
    errors: [AuthErrors.invalidCurrentPassword, passwordChangeThrottled(30)],
    idempotencyKey: false,
  },
  async ({ body, principal, request, services }) => {
    const ctx = services;
    const session = await changePassword(ctx, principal, body, request.headers.get("user-agent"));
    return session.ok ? sessionResponse(ctx.config, session.value, body.refreshTokenTransport) : session;
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
