import { afterEach, describe, expect, it, vi } from "vitest";
import type { Platform } from "@/lib/platform/container";
import { logger } from "@/lib/platform/logger";
import { deliverPendingMail, type MailDeliveryResult } from "./delivery";
import { deliverMailSoon } from "./dispatch";

vi.mock("./delivery", () => ({ deliverPendingMail: vi.fn() }));

const deliver = vi.mocked(deliverPendingMail);
const platform = {} as Platform;
const nothingDue: MailDeliveryResult = { sent: 0, retrying: 0, failed: 0 };

/** A delivery run that finishes when the test says so. */
function heldRun() {
  let finish: () => void = () => {};
  const done = new Promise<MailDeliveryResult>((resolve) => (finish = () => resolve(nothingDue)));
  return { done, finish };
}

afterEach(() => {
  vi.resetAllMocks();
});

describe("deliverMailSoon", () => {
  it("runs one delivery at a time and once more for the calls made during it", async () => {
    const first = heldRun();
    deliver.mockReturnValueOnce(first.done).mockResolvedValue(nothingDue);

    deliverMailSoon(platform);
    deliverMailSoon(platform);
    deliverMailSoon(platform);
    expect(deliver).toHaveBeenCalledTimes(1);

    first.finish();
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deliver).toHaveBeenCalledTimes(2);

    deliverMailSoon(platform);
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(3));
  });

  it("logs a failed run instead of throwing, and runs again on the next call", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const outage = new Error("database is down");
    deliver.mockRejectedValueOnce(outage).mockResolvedValue(nothingDue);

    expect(() => deliverMailSoon(platform)).not.toThrow();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith({ err: outage }, expect.stringContaining("mail delivery failed")),
    );

    deliverMailSoon(platform);
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(2));
  });
});
