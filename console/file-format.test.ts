import { describe, expect, it } from "vitest";
import {
  fileBadgeOf,
  fileKindOf,
  initialsOf,
  isPreviewableImage,
  megabytesOf,
  percentOf,
  uploadRefusalReason,
} from "./file-format";

describe("upload refusals", () => {
  const tooLarge = { status: 413, code: null, message: "That is more than the server accepts." };

  it("takes the limit from the 413's limitBytes, never from its prose", () => {
    expect(uploadRefusalReason({ ...tooLarge, limitBytes: 10_485_760 }, 5 * 1024 * 1024)).toEqual({
      reason: "tooLarge",
      limitBytes: 10_485_760,
    });
  });

  it("falls back to the limit the page knows, then to no figure", () => {
    expect(uploadRefusalReason(tooLarge, 25 * 1024 * 1024)).toEqual({ reason: "tooLarge", limitBytes: 26_214_400 });
    expect(uploadRefusalReason(tooLarge)).toEqual({ reason: "tooLarge", limitBytes: null });
  });

  it("tells File.NotAnImage and an ended session; other refusals keep the API's answer", () => {
    const notAnImage = { status: 400, code: "File.NotAnImage", message: "The content is not a JPEG…" };
    expect(uploadRefusalReason(notAnImage)).toEqual({ reason: "notAnImage" });
    expect(uploadRefusalReason({ status: 401, code: "Auth.TokenRevoked", message: "Revoked." })).toEqual({
      reason: "sessionExpired",
    });
    const gone = { status: 404, code: "Member.NotFound", message: "No member has that id." };
    expect(uploadRefusalReason(gone)).toEqual({ reason: "other", refusal: gone });
  });

  it("writes limits in the megabytes people say", () => {
    expect(megabytesOf(10 * 1024 * 1024)).toBe(10);
    expect(megabytesOf(2.5 * 1024 * 1024)).toBe(2.5);
    expect(megabytesOf(512 * 1024)).toBeNull();
  });
});

describe("file labels", () => {
  it("knows the common types, and no others", () => {
    expect(fileKindOf("application/pdf")).toBe("pdf");
    expect(fileKindOf("image/png")).toBe("png");
    expect(fileKindOf("application/x-custom")).toBeNull();
    expect(fileKindOf("toString")).toBeNull();
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
