import { describe, expect, it } from "vitest";
import type { MemberStatus } from "./schemas";
import { staffTransitionRefusal } from "./status";

const allowed: Record<MemberStatus, MemberStatus[]> = {
  active: ["active", "inactive", "suspended"],
  inactive: ["active", "inactive", "suspended"],
  suspended: ["active", "suspended"],
  expired: ["active", "inactive", "suspended", "expired"],
};
const cases = (Object.keys(allowed) as MemberStatus[]).flatMap((from) =>
  (["active", "inactive", "suspended", "expired"] as const).map(
    (to) => [from, to, allowed[from].includes(to)] as const,
  ),
);

describe("staffTransitionRefusal", () => {
  it.each(cases)("%s → %s allowed: %s", (from, to, isAllowed) => {
    const refusal = staffTransitionRefusal(from, to);
    if (isAllowed) expect(refusal).toBeNull();
    else expect(refusal).toMatchObject({ code: "Member.InvalidStatusTransition", kind: "conflict" });
  });

  it("says who sets expired, and what lifts a suspension", () => {
    expect(staffTransitionRefusal("active", "expired")?.message).toMatch(/expiry job/);
    expect(staffTransitionRefusal("suspended", "inactive")?.message).toMatch(/lift the suspension/);
  });
});
