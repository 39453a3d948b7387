/**
 * The headers every answer of this server carries (set once, in proxy.ts): pages and API answers alike refuse
 * framing, MIME sniffing and referrers; the console's pages get a nonce-based Content-Security-Policy, API answers
 * (JSON, files, health) one that allows nothing, as they are never documents to render.
 */

export type SecurityContext = {
  /** HSTS, and upgrading any http: reference, only when the console is served over https (APP_URL). */
  https: boolean;
  /** `next dev` needs eval for React's debugging; production never does. */
  development: boolean;
};

/** Whether the service is served over https, as APP_URL says (the bind address of `next start` does not know). */
export const servedOverHttps = (appUrl: string) => new URL(appUrl).protocol === "https:";

/** A fresh, unguessable nonce per page request: 128 random bits. */
export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");

/**
 * The console's policy. Scripts: only those carrying this response's nonce (Next.js puts it on its own) and what
 * they load ('strict-dynamic'), so an injected <script> or event handler does not run. Styles: this site's
 * stylesheets and inline styles — React writes `style` attributes and the email preview (a srcdoc frame, which
 * inherits this policy) keeps the email's own; CSS cannot run script, and with images, fonts and connections held
 * to this site it cannot carry data elsewhere either. Images: this site, and blob:/data: for photos and previews
 * made in the page; connections: this site, and blob: because Chromium reads an object URL again as a connection when
 * it cannot decode it as an image (a file that is not one, before the API refuses it). A blob: URL only ever holds
 * what the page itself made, so neither carries anything elsewhere.
 */
function pageContentSecurityPolicy(nonce: string, { https, development }: SecurityContext): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** API answers are data, never documents: nothing may load or run from one, nor frame it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Powerful browser features the console never uses, off for it and anything it could embed. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** The headers of one answer: a page (with the nonce its scripts carry) or an API answer (no nonce). */
export function securityHeaders(nonce: string | null, context: SecurityContext): Headers {
  const headers = new Headers({
    "content-security-policy": nonce === null ? API_CONTENT_SECURITY_POLICY : pageContentSecurityPolicy(nonce, context),
    "x-content-type-options": "nosniff",
    // Reset and verification links carry their token in the URL: no request from a page sends its address on.
    "referrer-policy": "no-referrer",
    "permissions-policy": PERMISSIONS_POLICY,
    // For browsers older than frame-ancestors.
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  });
  // One year; not includeSubDomains, as other hosts of the club's domain are not this service's to decide.
  if (context.https) headers.set("strict-transport-security", "max-age=31536000");
  return headers;
}
