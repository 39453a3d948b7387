import type { NextRequest } from "next/server";
import { frontDoor } from "@/console/server/front-door";
import { getConfig } from "@/lib/config";

/** Next.js runs this before every route it matches: security headers, CSP nonces, the console's bearer token. */
export const proxy = (request: NextRequest) => frontDoor(request, getConfig());

export const config = {
  // Build output under /_next/static is immutable JavaScript and CSS with exact content types; everything else passes here.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
