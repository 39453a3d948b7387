import type { Readable } from "node:stream";

export const BUCKETS = ["club-documents", "club-images", "club-temp"] as const;
export type BucketName = (typeof BUCKETS)[number];

export type ByteRange = { start: number; end?: number };

export type StoredObject = {
  body: Readable;
  contentType: string;
  /** Bytes in `body`: the whole object, or the requested range. */
  contentLength: number;
  /** `bytes start-end/total`, present when a range was requested. */
  contentRange?: string;
};

/** S3-compatible object storage for the three club buckets. */
export interface Storage {
  readonly kind: "s3" | "embedded";
  /** Streams `body` to the bucket; large bodies go up as a multipart upload. */
  put(
    bucket: BucketName,
    key: string,
    body: Readable | Uint8Array,
    options: { contentType: string; contentLength?: number },
  ): Promise<void>;
  /** The object (or the inclusive byte range of it), or null when the key does not exist. */
  get(bucket: BucketName, key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(bucket: BucketName, key: string): Promise<void>;
  /** A time-limited URL that downloads the object without credentials. */
  presignGet(
    bucket: BucketName,
    key: string,
    options: { expiresInSeconds: number; downloadName?: string },
  ): Promise<string>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
