import { describe, expect, it } from "vitest";
import { ANALYTICS_MIGRATIONS } from "./migrations";

describe("analytics migrations", () => {
  it("are numbered 1, 2, 3, ... in list order", () => {
    expect(ANALYTICS_MIGRATIONS.map((migration) => migration.version)).toEqual(
      ANALYTICS_MIGRATIONS.map((_, index) => index + 1),
    );
  });

  it("only create what does not exist yet, since instances may apply them concurrently", () => {
    const statements = ANALYTICS_MIGRATIONS.flatMap((migration) => migration.statements);
    for (const statement of statements) expect(statement).toMatch(/\bIF NOT EXISTS\b/);
  });
});
