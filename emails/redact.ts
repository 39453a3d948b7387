const REDACTED = "redacted";
const UNUSABLE_URL = "https://redacted.invalid/";

/**
 * The URL with the value of every query parameter and the fragment replaced, so a token link still shows where it
 * leads but cannot be used. Anything that is not an http(s) URL becomes a placeholder URL.
 */
export function redactUrl(value: unknown): string {
  if (typeof value !== "string" || !URL.canParse(value)) return UNUSABLE_URL;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") return UNUSABLE_URL;
  const names = [...new Set(url.searchParams.keys())];
  url.search = "";
  for (const name of names) url.searchParams.append(name, REDACTED);
  url.username = "";
  url.password = "";
  if (url.hash) url.hash = REDACTED;
  return url.toString();
}
