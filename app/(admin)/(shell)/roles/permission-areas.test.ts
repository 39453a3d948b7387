import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/roles/permissions";
import { cataloguesByLanguage } from "@/messages";
import { areaOf, byArea, PERMISSION_AREAS } from "./permission-areas";

type RolesMessages = { areas: Record<string, string>; permissions: Record<string, string> };

describe("permissions as sentences", () => {
  it.each(Object.entries(cataloguesByLanguage))(
    "has a sentence in %s for every permission, and no other",
    (_, messages) => {
      const { permissions } = (messages as { roles: RolesMessages }).roles;
      expect(Object.keys(permissions).sort()).toEqual([...PERMISSIONS, "*"].sort());
      for (const sentence of Object.values(permissions)) expect(sentence.trim()).not.toBe("");
    },
  );

  it.each(Object.entries(cataloguesByLanguage))("names every area in %s", (_, messages) => {
    const { areas } = (messages as { roles: RolesMessages }).roles;
    expect(Object.keys(areas).sort()).toEqual([...PERMISSION_AREAS].sort());
  });

  it("puts every permission in a listed area", () => {
    for (const permission of PERMISSIONS) expect(PERMISSION_AREAS).toContain(areaOf(permission));
  });

  it("groups by area in the areas' order, leaving the wildcard and unknown codes out", () => {
    expect(byArea(["users:write", "*", "members:read", "permissions:read", "gadgets:fly"])).toEqual([
      ["members", ["members:read"]],
      ["users", ["users:write"]],
      ["roles", ["permissions:read"]],
    ]);
  });
});
