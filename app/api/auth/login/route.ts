import { z } from "zod";
import { loginResponse } from "@/app/api/responses";
import { passwordField } from "@/lib/auth/account-schema";
import { AuthErrors } from "@/lib/auth/errors";
import { login, signInOrigin, signInThrottled } from "@/lib/auth/login";
import { sessionResponse } from "@/lib/auth/session-http";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const loginSchema = z.object({
  email: z.string().trim().min(1, "Required.").max(254),
  password: passwordField,
  /** Mobile apps ask for the refresh token in the body; browsers get an HttpOnly cookie. */
  refreshTokenTransport: z.enum(["cookie", "body"]).default("cookie"),
});

/** Spec 4.6: accessToken, email, role, mustChangePassword; the refresh token as a cookie or, for mobile, in the body. */
export const POST = route(
  {
    rateLimit: "auth",
    body: loginSchema,
    summary: "Sign in",
    response: {
      schema: loginResponse,
      description: "The login response; the refresh token in a cookie, or in the body when asked for.",
    },
    errors: [
      AuthErrors.invalidCredentials,
      AuthErrors.userBlocked,
      AuthErrors.userDeactivated,
      AuthErrors.emailNotVerified,
      signInThrottled(30),
    ],
  },
  async ({ body, request, services }) => {
    const ctx = services;
    const session = await login(ctx, body, signInOrigin(request.headers, ctx.config));
    return session.ok ? sessionResponse(ctx.config, session.value, body.refreshTokenTransport) : session;
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
