import { describe, expect, it } from "vitest";
import { sniffImageType } from "./sniff";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === "string" ? Array.from(part, (c) => c.charCodeAt(0)) : part)),
  );

describe("sniffImageType", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
  ])("recognises %s", (_name, head, type) => {
    expect(sniffImageType(head)).toBe(type);
  });

  it.each([
    ["text renamed .png", bytes("hello, this is not a picture")],
    ["SVG (can carry script)", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>')],
    ["HTML", bytes("<!doctype html><html>")],
    ["WAV (RIFF, not WEBP)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["PDF", bytes("%PDF-1.7")],
    ["a truncated PNG signature", bytes([0x89], "PN")],
    ["nothing", bytes()],
  ])("refuses %s", (_name, head) => {
    expect(sniffImageType(head)).toBeNull();
  });
});
