import { describe, expect, it } from "vitest";
import {
  fileBadgeOf,
  fileKindOf,
  formatLimit,
  initialsOf,
  isPreviewableImage,
  percentOf,
  uploadRefusalMessage,
} from "./file-format";

describe("upload refusals in words", () => {
  const tooLarge = { status: 413, code: null, message: "That is more than the server accepts." };

  it("takes the limit from the 413's limitBytes, never from its prose", () => {
    expect(uploadRefusalMessage({ ...tooLarge, limitBytes: 10_485_760 }, "The photo", 5 * 1024 * 1024)).toBe(
      "The photo is larger than 10 MB.",
    );
  });

  it("falls back to the limit the page knows, then to no figure", () => {
    expect(uploadRefusalMessage(tooLarge, "“a.pdf”", 25 * 1024 * 1024)).toBe("“a.pdf” is larger than 25 MB.");
    expect(uploadRefusalMessage(tooLarge, "The photo")).toBe("The photo is larger than the server accepts.");
  });

  it("words File.NotAnImage and an ended session; other refusals keep the API's message", () => {
    const notAnImage = { status: 400, code: "File.NotAnImage", message: "The content is not a JPEG…" };
    expect(uploadRefusalMessage(notAnImage, "The photo")).toBe("That file is not a JPEG, PNG, GIF or WebP image.");
    expect(uploadRefusalMessage({ status: 401, code: "Auth.TokenRevoked", message: "Revoked." }, "The photo")).toMatch(
      /session has expired/,
    );
    expect(
      uploadRefusalMessage({ status: 404, code: "Member.NotFound", message: "No member has that id." }, "The photo"),
    ).toBe("No member has that id.");
  });

  it("writes limits as people say them", () => {
    expect(formatLimit(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatLimit(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(formatLimit(512 * 1024)).toBe("512.0 KB");
  });
});

describe("file labels", () => {
  it("names common types and keeps unknown MIME types as they are", () => {
    expect(fileKindOf("application/pdf")).toBe("PDF");
    expect(fileKindOf("image/png")).toBe("PNG image");
    expect(fileKindOf("application/x-custom")).toBe("application/x-custom");
  });

  it("badges a file by its extension, or by its kind without one", () => {
    expect(fileBadgeOf("Contrato año 1.pdf", "application/pdf")).toBe("PDF");
    expect(fileBadgeOf("notes", "text/plain")).toBe("TEXT");
    expect(fileBadgeOf("archive.tar.gz", "application/gzip")).toBe("GZ");
  });

  it("previews only the raster images every browser draws", () => {
    expect(isPreviewableImage("image/webp")).toBe(true);
    expect(isPreviewableImage("image/svg+xml")).toBe(false);
    expect(isPreviewableImage("application/pdf")).toBe(false);
  });

  it("takes initials from the first and last names, whatever the script", () => {
    expect(initialsOf("Ana García López")).toBe("AL");
    expect(initialsOf("  Ólafur ")).toBe("Ó");
    expect(initialsOf("")).toBe("?");
  });

  it("counts progress in whole percent", () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
  });
});
