import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { BodyTooLarge, ByteMeter, peek } from "./upload-stream";

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

async function drain(stream: Readable): Promise<Buffer> {
  const read: Buffer[] = [];
  for await (const chunk of stream) read.push(chunk as Buffer);
  return Buffer.concat(read);
}

describe("ByteMeter", () => {
  it("counts and hashes what passes through", async () => {
    const meter = new ByteMeter(100);
    const [, content] = await Promise.all([pipeline(chunks("hello ", "world"), meter), drain(meter)]);
    expect(content.toString()).toBe("hello world");
    expect(meter.bytes).toBe(11);
    expect(meter.sha256()).toBe(createHash("sha256").update("hello world").digest("hex"));
  });

  it("fails at the first chunk past the limit, without reading the rest", async () => {
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 10; i += 1) {
          pulled += 1;
          yield Buffer.alloc(4);
        }
      })(),
    );
    const meter = new ByteMeter(10);
    const outcome = await Promise.allSettled([pipeline(source, meter), drain(meter)]);
    expect(outcome[0]).toMatchObject({ status: "rejected", reason: expect.any(BodyTooLarge) });
    expect(meter.exceeded).toBe(true);
    expect(pulled).toBeLessThan(10);
  });
});

describe("peek", () => {
  it("returns the first bytes and a stream that still holds all of them", async () => {
    const { head, body } = await peek(chunks("ab", "cd", "efgh", "ij"), 5);
    // Whole chunks until at least 5 bytes are in.
    expect(head.toString()).toBe("abcdefgh");
    expect((await drain(body)).toString()).toBe("abcdefghij");
  });

  it("copes with a body shorter than the peek", async () => {
    const { head, body } = await peek(chunks("abc"), 12);
    expect(head.toString()).toBe("abc");
    expect((await drain(body)).toString()).toBe("abc");
  });
});
