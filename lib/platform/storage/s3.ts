import { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { DependencyUnavailableError, isNetworkFailure } from "../errors";
import { contentDisposition } from "../http/content-disposition";
import { withSpan } from "../telemetry/spans";
import { BUCKETS, type BucketName, type ByteRange, type Storage } from "./types";

export type S3StorageOptions = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Needed for s3rver, which would otherwise store streamed bodies with their aws-chunked framing. */
  checksumWhenRequired: boolean;
};

/** A dead endpoint must fail fast; the idle limit is generous because bodies stream at the consumer's pace. */
const CONNECTION_TIMEOUT_MS = 2_000;
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
const MAX_ATTEMPTS = 2;

function isOutage(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  return (error instanceof Error && error.name === "TimeoutError") || isNetworkFailure(error);
}

function translate(error: unknown): unknown {
  return isOutage(error) ? new DependencyUnavailableError("storage", { cause: error }) : error;
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translate(error);
  }
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");

const rangeHeader = ({ start, end }: ByteRange) => `bytes=${start}-${end ?? ""}`;

/**
 * A CLIENT span per S3 command, retries included, named as the AWS semantic conventions do (`S3.GetObject`); the
 * bucket and key are not recorded (a key can name a member's document).
 */
function traceCommands(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const method = context.commandName?.replace(/Command$/, "") ?? "unknown";
      return withSpan(
        `S3.${method}`,
        { kind: "client", attributes: { "rpc.system": "aws-api", "rpc.service": "S3", "rpc.method": method } },
        () => next(args),
      );
    },
    { step: "initialize", name: "clubopsTraceSpan" },
  );
}

/**
 * Storage over any S3-compatible endpoint. The buckets are created on first use and again after a
 * failed attempt, so an endpoint that is down at boot only fails storage calls, not the whole service.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
    ...(options.checksumWhenRequired && {
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    }),
  });
  traceCommands(client);

  async function createBucketIfMissing(bucket: BucketName): Promise<void> {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await client.send(new CreateBucketCommand({ Bucket: bucket })).catch(async (createError: unknown) => {
        // Another instance created it between our HEAD and CREATE. s3rver (and some S3 servers) answer
        // BucketAlreadyExists to the same owner too: the bucket is ours if we can reach it now.
        if (!(createError instanceof S3ServiceException)) throw createError;
        if (createError.name === "BucketAlreadyOwnedByYou") return;
        if (createError.name !== "BucketAlreadyExists") throw createError;
        await client.send(new HeadBucketCommand({ Bucket: bucket })).catch(() => {
          throw createError;
        });
      });
    }
  }

  let provisioning: Promise<void> | undefined;
  const bucketsReady = () => {
    provisioning ??= call(async () => {
      await Promise.all(BUCKETS.map(createBucketIfMissing));
    }).catch((error: unknown) => {
      provisioning = undefined;
      throw error;
    });
    return provisioning;
  };

  return {
    kind: "s3",

    async put(bucket, key, body, { contentType, contentLength }) {
      await bucketsReady();
      // Upload sends one PutObject for small bodies and a multipart upload for large ones, reading the stream once.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: contentLength },
      });
      await call(() => upload.done());
    },

    async get(bucket, key, range) {
      await bucketsReady();
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range && rangeHeader(range) }),
        );
        if (!(object.Body instanceof Readable)) throw new Error("S3 returned a body that is not a Node.js stream");
        return {
          body: object.Body,
          contentType: object.ContentType ?? "application/octet-stream",
          contentLength: object.ContentLength ?? 0,
          ...(object.ContentRange && { contentRange: object.ContentRange }),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw translate(error);
      }
    },

    async delete(bucket, key) {
      await bucketsReady();
      await call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },

    async presignGet(bucket, key, { expiresInSeconds, downloadName }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition:
          downloadName === undefined ? undefined : contentDisposition("attachment", downloadName),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async ping() {
      await bucketsReady();
      await call(() => client.send(new HeadBucketCommand({ Bucket: BUCKETS[0] })));
    },

    async close() {
      client.destroy();
    },
  };
}
