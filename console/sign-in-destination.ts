/** Where the console goes when a requested destination is refused: its home. */
export const CONSOLE_HOME = "/";

/**
 * Backslashes and C0 control characters or DEL: browsers read `\` as `/` and drop tabs and line breaks
 * from URLs, so `/\evil.example` and `/<TAB>/evil.example` both become the protocol-relative `//evil.example`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** The text and each percent-decoding of it (until it stops changing), as some layer on the way may decode it again. */
function decodings(text: string): string[] {
  const forms = [text];
  let latest = text;
  for (let depth = 0; depth < 3; depth++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(latest);
    } catch {
      break; // Not valid percent-encoding: kept as it is, which the checks below already cover.
    }
    if (decoded === latest) break;
    forms.push(decoded);
    latest = decoded;
  }
  return forms;
}

const isLocalPath = (text: string) =>
  text.startsWith("/") && decodings(text).every((form) => !form.startsWith("//") && !UNSAFE_CHARACTERS.test(form));

/**
 * The path of this site a sign-in (or sign-out) may continue to, or the console's home: only a path that resolves
 * against APP_URL to APP_URL's own origin, written without backslashes, control characters or a protocol-relative
 * start, in any percent-decoding. An absolute URL is accepted only on APP_URL's origin (next-auth sends the page's
 * own URL), and comes back as its path.
 */
export function signInDestination(candidate: unknown, appUrl: string): string {
  if (typeof candidate !== "string") return CONSOLE_HOME;
  const origin = new URL(appUrl).origin;
  const path = candidate.startsWith(`${origin}/`) ? candidate.slice(origin.length) : candidate;
  if (!isLocalPath(path)) return CONSOLE_HOME;
  const resolved = new URL(path, origin);
  if (resolved.origin !== origin) return CONSOLE_HOME;
  const local = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return isLocalPath(local) ? local : CONSOLE_HOME;
}

/**
 * The login page for a visitor without a session who asked for `requested` (a path with its query): it carries the
 * path as `callbackUrl` so the sign-in continues there. The console's home needs no return address, and a path that
 * is not local is dropped (the login page checks `callbackUrl` again with signInDestination).
 */
export function signInPageFor(requested: string | null | undefined): string {
  if (!requested || requested === CONSOLE_HOME || !isLocalPath(requested)) return "/login";
  return `/login?${new URLSearchParams({ callbackUrl: requested })}`;
}
