import { describe, expect, it } from "vitest";
import { containing } from "./like";

describe("containing", () => {
  it("matches the text anywhere", () => {
    expect(containing("ana")).toBe("%ana%");
  });

  it("takes LIKE's wildcards and escape character literally", () => {
    expect(containing("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});
