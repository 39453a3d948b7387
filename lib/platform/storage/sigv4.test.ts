import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { hasValidSignature, type SignedRequest } from "./sigv4";

const credentials = { accessKeyId: "S3RVER", secretAccessKey: "generated-secret-0123456789" };

/** A presigned GET as the storage adapter makes one (nothing is sent), as the server receives it. */
async function presignedRequest(expiresIn: number): Promise<SignedRequest> {
  const client = new S3Client({
    endpoint: "http://127.0.0.1:9",
    region: "us-east-1",
    credentials,
    forcePathStyle: true,
  });
  const url = new URL(
    await getSignedUrl(client, new GetObjectCommand({ Bucket: "club-documents", Key: "a b/ñ.pdf" }), { expiresIn }),
  );
  client.destroy();
  return { method: "GET", url: `${url.pathname}${url.search}`, headers: { host: url.host } };
}

describe("hasValidSignature", () => {
  it("accepts a presigned URL while it is valid, and not after it expired", async () => {
    const request = await presignedRequest(60);
    expect(await hasValidSignature(request, credentials)).toBe(true);
    expect(await hasValidSignature(request, credentials, Date.now() + 61_000)).toBe(false);
  });

  it("refuses the URL for another method, host or secret", async () => {
    const request = await presignedRequest(60);
    expect(await hasValidSignature({ ...request, method: "DELETE" }, credentials)).toBe(false);
    expect(await hasValidSignature({ ...request, headers: { host: "127.0.0.1:10" } }, credentials)).toBe(false);
    expect(await hasValidSignature(request, { ...credentials, secretAccessKey: "S3RVER" })).toBe(false);
  });

  it("refuses malformed signatures without throwing", async () => {
    const { url, headers } = await presignedRequest(60);
    for (const authorization of ["AWS S3RVER:abc", "AWS4-HMAC-SHA256 Credential=S3RVER", "Bearer x"]) {
      expect(
        await hasValidSignature(
          { method: "GET", url: "/club-documents/x", headers: { ...headers, authorization } },
          credentials,
        ),
      ).toBe(false);
    }
    expect(await hasValidSignature({ method: "GET", url: `${url}&%ZZ`, headers }, credentials)).toBe(false);
    expect(
      await hasValidSignature(
        { method: "GET", url: url.replace(/X-Amz-Date=\w+/, "X-Amz-Date=yesterday"), headers },
        credentials,
      ),
    ).toBe(false);
  });
});
