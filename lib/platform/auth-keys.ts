import { hkdfSync } from "node:crypto";
import path from "node:path";
import type { Config } from "@/lib/config";
import { readOrCreateSecret } from "@/lib/platform/secret-file";

export type AuthKeys = {
  /** HMAC-SHA256 key of the API's access tokens, imported once: jose would import raw bytes on every verification. */
  accessToken: CryptoKey;
  /** Secret of the console's next-auth session cookie. */
  consoleSession: string;
  /** HMAC key of opaque list cursors, so a client cannot forge or alter one. */
  cursor: Uint8Array;
  /** AES-256-GCM key of the credential links of queued mail, so a copy of the database holds no working link. */
  mailSecrets: Buffer;
  /** HMAC key of password-throttle keys and known sign-in addresses, so stored rows name no email or address. */
  passwordThrottle: Uint8Array;
  /** HMAC key that derives a refresh token's successor from it, so a lost answer can be given again without storing it. */
  refreshSuccessor: Uint8Array;
  /** HMAC key the first-run setup code is derived with (lib/setup/setup-code.ts): every instance prints the same. */
  setupCode: Uint8Array;
};

const SECRET_FILE = "auth-secret";

/**
 * AUTH_SECRET when set; otherwise a random secret created once under DATA_DIR, so the embedded
 * default needs no setup and sessions survive restarts. Several instances must share AUTH_SECRET.
 */
async function loadSecret(config: Config): Promise<string> {
  return config.AUTH_SECRET ?? readOrCreateSecret(path.join(config.dataDir, SECRET_FILE));
}

/** One key per purpose, derived from the secret, so no key signs two kinds of token. */
function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "clubops", purpose, 32));
}

const holder = globalThis as typeof globalThis & { __clubopsAuthKeys?: Promise<AuthKeys> };

export function authKeys(config: Config): Promise<AuthKeys> {
  holder.__clubopsAuthKeys ??= loadSecret(config).then(async (secret) => ({
    // Extractable so the reliability suite can sign a token with the same bytes under another algorithm.
    accessToken: await crypto.subtle.importKey(
      "raw",
      new Uint8Array(derive(secret, "access-token")),
      { name: "HMAC", hash: "SHA-256" },
      true,
      ["sign", "verify"],
    ),
    consoleSession: derive(secret, "console-session").toString("base64url"),
    cursor: derive(secret, "list-cursor"),
    mailSecrets: derive(secret, "mail-secret-props"),
    passwordThrottle: derive(secret, "password-throttle"),
    refreshSuccessor: derive(secret, "refresh-successor"),
    setupCode: derive(secret, "setup-code"),
  }));
  return holder.__clubopsAuthKeys;
}
