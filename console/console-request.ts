/**
 * Marks an API call made by the console's own pages: the proxy (console/server/console-bearer.ts) then authenticates
 * it with the access token of the encrypted session cookie, which page scripts cannot read. A foreign page cannot
 * send a custom header without a CORS preflight, which this server never grants, so the cookie alone is never enough.
 */
export const CONSOLE_REQUEST_HEADER = "x-clubops-console";
