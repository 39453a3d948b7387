import "server-only";
import { CONSOLE_REQUEST_HEADER } from "@/console/console-request";
import type { Config } from "@/lib/config";
import { readConsoleSession } from "./session-cookie";

/**
 * For the proxy: the headers an API request continues with when it is the console's own call (see
 * CONSOLE_REQUEST_HEADER), with `Authorization: Bearer` taken from the session cookie; null to leave it as it came.
 * A bearer token the request carries itself always wins, and a request the browser says came from another site
 * (`Sec-Fetch-Site`) never gets the cookie's token.
 */
export async function withConsoleBearer(config: Config, headers: Headers): Promise<Headers | null> {
  if (headers.get(CONSOLE_REQUEST_HEADER) !== "1" || headers.has("authorization")) return null;
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return null;
  const session = await readConsoleSession(config, headers.get("cookie"));
  if (!session?.api || session.error) return null;
  const forwarded = new Headers(headers);
  forwarded.set("authorization", `Bearer ${session.api.accessToken}`);
  return forwarded;
}
