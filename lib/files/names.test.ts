import { describe, expect, it } from "vitest";
import { FALLBACK_FILE_NAME, MAX_FILE_NAME_BYTES, nameWithExtension, sanitizeFileName } from "./names";

describe("sanitizeFileName", () => {
  it.each([
    ["contract.pdf", "contract.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\ana\\Desktop\\foto.jpg", "foto.jpg"],
    ["/var/www/../index.html", "index.html"],
    ["..", FALLBACK_FILE_NAME],
    ["", FALLBACK_FILE_NAME],
    ["   ", FALLBACK_FILE_NAME],
    [".htaccess", "htaccess"],
    ["report. ", "report"],
    ['a<b>c:d"e|f?g*h.txt', "a_b_c_d_e_f_g_h.txt"],
    ["line\nbreak\ttab\u0000nul.txt", "linebreaktabnul.txt"],
    ["multiple   spaces.txt", "multiple spaces.txt"],
    // U+202E (right-to-left override) would display "invoice_gpj.exe" as "invoice_exe.jpg".
    ["invoice_\u202egpj.exe", "invoice_gpj.exe"],
    ["CON", "_CON"],
    ["lpt1.txt", "_lpt1.txt"],
    ["Año 2026 — Ñandú.pdf", "Año 2026 — Ñandú.pdf"],
    ["Договор №5.pdf", "Договор №5.pdf"],
    ["会員写真.png", "会員写真.png"],
    // NFD ("n" + combining tilde) becomes the single composed letter.
    ["an\u0303o.txt", "año.txt"],
  ])("%j → %j", (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it("limits the name to 255 UTF-8 bytes, keeping the extension and whole characters", () => {
    const name = sanitizeFileName(`${"ñ".repeat(300)}.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name).toMatch(/^ñ+\.pdf$/);

    const emoji = sanitizeFileName(`${"😀".repeat(100)}.jpeg`);
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(emoji).toMatch(/^(😀)+\.jpeg$/u);
  });

  it("leaves a name that fits untouched", () => {
    const name = `${"a".repeat(251)}.pdf`;
    expect(sanitizeFileName(name)).toBe(name);
  });
});

describe("nameWithExtension", () => {
  it.each([
    ["photo.png", "jpg", "photo.jpg"],
    ["photo.exe", "jpg", "photo.jpg"],
    ["Foto carnet", "webp", "Foto carnet.webp"],
    ["../../avatar.JPEG", "jpg", "avatar.jpg"],
    ["", "png", `${FALLBACK_FILE_NAME}.png`],
    [".png", "gif", "png.gif"],
  ])("%j as %s → %j", (raw, extension, expected) => {
    expect(nameWithExtension(raw, extension)).toBe(expected);
  });

  it("keeps the new extension when the name is too long", () => {
    const named = nameWithExtension(`${"a".repeat(300)}.png`, "jpg");
    expect(Buffer.byteLength(named)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(named.endsWith(".jpg")).toBe(true);
  });
});
