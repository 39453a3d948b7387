import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { z } from "zod";
import { authOptions } from "@/console/server/auth-options";
import { route } from "@/lib/http/route";
import { problemResponse } from "@/lib/platform/http/problem";

export const dynamic = "force-dynamic";

/** next-auth's own actions; the API's auth endpoints (login, refresh, …) are static routes and win over this one. */
const NEXT_AUTH_ACTIONS = new Set([
  "providers",
  "session",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "_log",
]);

const nextAuthParams = z.object({ nextauth: z.array(z.string()).min(1) });

const notFound = (request: Request) =>
  problemResponse(request, 404, "The requested resource was not found.", {
    detail: "No API endpoint matches this method and path.",
  });

/** The console's session (next-auth); any other /api/auth path is an unknown API endpoint, as under /api. */
const nextAuth = route({ params: nextAuthParams, withoutServices: true }, async ({ request, params }) => {
  if (!NEXT_AUTH_ACTIONS.has(params.nextauth[0] ?? "")) return notFound(request);
  const response: Response = await NextAuth(
    new NextRequest(request),
    { params: Promise.resolve(params) },
    await authOptions(),
  );
  return response;
});

const unknownMethod = route({ withoutServices: true }, async ({ request }) => notFound(request));

export { nextAuth as GET, nextAuth as POST, unknownMethod as DELETE, unknownMethod as PATCH, unknownMethod as PUT };
