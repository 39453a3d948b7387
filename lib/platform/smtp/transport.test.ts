import { describe, expect, it } from "vitest";
import { fromDomain } from "./transport";

describe("the Message-ID's domain", () => {
  it.each([
    ["ClubOps <no-reply@clubops.local>", "clubops.local"],
    ["Club Náutico <socios@club-nautico.es>", "club-nautico.es"],
    ["avisos@club.example", "club.example"],
    ["no address at all", "clubops.local"],
  ])("is the From address's domain: %s → %s", (from, domain) => {
    expect(fromDomain(from)).toBe(domain);
  });
});
