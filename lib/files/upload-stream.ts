import { createHash } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";

/**
 * The request body on its way to storage. Nothing here holds more than a chunk or two: the body is counted and
 * hashed as it passes, so a 100 MB upload costs the same memory as a 1 KB one (plus the storage client's parts).
 */

/** Thrown into the stream when the body passes the limit; the upload stops reading at that chunk. */
export class BodyTooLarge extends Error {
  override readonly name = "BodyTooLarge";
  constructor(readonly limitBytes: number) {
    super(`The body is larger than ${limitBytes} bytes.`);
  }
}

/** Counts and SHA-256-hashes the bytes that pass, failing the stream as soon as they exceed `limitBytes`. */
export class ByteMeter extends Transform {
  bytes = 0;
  exceeded = false;
  private readonly hash = createHash("sha256");
  private digest: string | undefined;

  constructor(private readonly limitBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limitBytes) {
      this.exceeded = true;
      callback(new BodyTooLarge(this.limitBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** Hex SHA-256 of everything that passed; call once the stream has ended. */
  sha256(): string {
    this.digest ??= this.hash.digest("hex");
    return this.digest;
  }
}

/**
 * Reads the first `size` bytes of `source` (fewer if it is shorter) and gives them back with a stream that
 * replays them followed by the rest, so the content can be checked before anything is written anywhere.
 */
export async function peek(source: Readable, size: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, body: Readable.from(replay(), { objectMode: false }) };
}
