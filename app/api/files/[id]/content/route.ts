import { FileErrors } from "@/lib/files/errors";
import { contentResponse } from "@/lib/files/http";
import { getStoredFile } from "@/lib/files/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** Streams the content as an attachment; honours one Range (206) and If-None-Match (304). */
export const GET = route(
  {
    access: "files:read",
    params: idParams,
    summary: "Download a file's content",
    description:
      "Streams the bytes with Content-Disposition: attachment, ETag and Repr-Digest; one Range answers 206, a bad one 416.",
    response: {
      contentType: "*/*",
      description: "The content, with the file's stored Content-Type.",
      storedFile: true,
    },
    errors: [FileErrors.notFound],
  },
  async ({ params, request, services }) => {
    const ctx = services;
    const file = await getStoredFile(ctx, params.id);
    return file.ok ? contentResponse(request, ctx, file.value, "attachment") : file;
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
