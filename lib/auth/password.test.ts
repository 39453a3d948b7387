import { describe, expect, it } from "vitest";
import { PASSWORD_ITERATIONS } from "@/lib/config";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password";

describe("password hashing", () => {
  it("stores algorithm, cost, a 16-byte salt and a 64-byte key", async () => {
    const stored = await hashPassword("Correct horse battery 9");
    const [algorithm, iterations, salt, key] = stored.split("$");
    expect(algorithm).toBe("pbkdf2-sha512");
    expect(Number(iterations)).toBe(PASSWORD_ITERATIONS);
    expect(PASSWORD_ITERATIONS).toBeGreaterThanOrEqual(210_000);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("accepts the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("Correct horse battery 9");
    expect(await verifyPassword("Correct horse battery 9", stored)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword("correct horse battery 9", stored)).toEqual({ valid: false, needsRehash: false });
  });

  it("asks for a rehash when the stored cost is below today's", async () => {
    const cheap = await hashPassword("Correct horse battery 9", 1_000);
    expect(await verifyPassword("Correct horse battery 9", cheap)).toEqual({ valid: true, needsRehash: true });
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    for (const stored of ["", "plain", "md5$1$a$b", "pbkdf2-sha512$abc$a$b"]) {
      expect(await verifyPassword("x", stored)).toEqual({ valid: false, needsRehash: false });
    }
  });

  it("treats canonically equivalent Unicode the same", async () => {
    const stored = await hashPassword("Contraseña 1");
    expect((await verifyPassword("Contrasen\u0303a 1", stored)).valid).toBe(true);
  });

  it("spends a real verification on the decoy", async () => {
    await expect(verifyAgainstDecoy("anything")).resolves.toBe(false);
  });
});
