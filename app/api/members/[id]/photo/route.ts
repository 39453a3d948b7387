import { FileErrors } from "@/lib/files/errors";
import { answerUpload, contentResponse } from "@/lib/files/http";
import { fileResponse } from "@/lib/files/responses";
import { photoUploadQuery } from "@/lib/files/schemas";
import { getMemberPhoto, replaceMemberPhoto } from "@/lib/files/service";
import { IMAGE_TYPES } from "@/lib/files/sniff";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MemberErrors } from "@/lib/members/errors";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** The member's photo, inline, for an <img> or a preview; 404 File.NoPhoto when it has none. */
export const GET = route(
  {
    access: "files:read",
    params: idParams,
    summary: "A member's photo",
    response: {
      contentType: IMAGE_TYPES,
      description: "The image, inline, with the same caching and range headers as a download.",
      storedFile: true,
    },
    errors: [MemberErrors.notFound, FileErrors.noPhoto],
  },
  async ({ params, request, services }) => {
    const ctx = services;
    const photo = await getMemberPhoto(ctx, params.id);
    return photo.ok ? contentResponse(request, ctx, photo.value, "inline") : photo;
  },
);

/** The body is the image (checked from its bytes); it replaces and deletes the previous photo. */
export const PUT = route(
  {
    access: "files:write",
    params: idParams,
    query: photoUploadQuery,
    summary: "Replace a member's photo",
    rawBody: {
      contentTypes: IMAGE_TYPES,
      description: "The image's bytes, streamed; recognised from its content, not its declared type.",
    },
    response: { schema: fileResponse },
    errors: [FileErrors.notAnImage, MemberErrors.notFound],
  },
  async ({ params, query, request, services }) =>
    answerUpload(request, query.name ?? "photo", async (upload) => replaceMemberPhoto(services, params.id, upload)),
);

export const { DELETE, OPTIONS, PATCH, POST } = otherMethods({ GET, PUT });
