import { describe, expect, it } from "vitest";
import { MEMBER_STATUSES, type MemberStatus } from "./schemas";
import { type Standing, staffStatusChange } from "./status";

const STANDINGS: Standing[] = ["active", "inactive", "expired"];

/** What staff asking for `requested` stores, for every stored status and every status the subscriptions give. */
const cases = MEMBER_STATUSES.flatMap((stored) =>
  MEMBER_STATUSES.flatMap((requested) =>
    STANDINGS.map((standing) => [stored, requested, standing] as [MemberStatus, MemberStatus, Standing]),
  ),
);

function expected(stored: MemberStatus, requested: MemberStatus, standing: Standing): MemberStatus | "refused" {
  if (requested === "suspended" || requested === stored) return requested;
  if (stored !== "suspended") return "refused";
  return requested === "active" || requested === standing ? standing : "refused";
}

describe("staffStatusChange", () => {
  it.each(cases)("stored %s, asked %s, subscriptions give %s", (stored, requested, standing) => {
    const change = staffStatusChange(stored, requested, standing);
    const want = expected(stored, requested, standing);
    if (want === "refused")
      expect(change).toMatchObject({ ok: false, error: { code: "Member.InvalidStatusTransition" } });
    else expect(change).toEqual({ ok: true, value: want });
  });

  it("lifts a suspension to what the subscriptions give, and says so when refused", () => {
    expect(staffStatusChange("suspended", "active", "inactive")).toEqual({ ok: true, value: "inactive" });
    expect(staffStatusChange("suspended", "expired", "inactive")).toMatchObject({
      error: { message: expect.stringMatching(/set active to lift it/) },
    });
    expect(staffStatusChange("active", "inactive", "active")).toMatchObject({
      error: { message: expect.stringMatching(/follow the member's subscriptions/) },
    });
  });
});
