import { FileErrors } from "@/lib/files/errors";
import { answerUpload, UPLOAD_EXAMPLE_TYPES } from "@/lib/files/http";
import { filePageResponse, fileResponse } from "@/lib/files/responses";
import { fileListQuery, uploadQuery } from "@/lib/files/schemas";
import { listFiles, uploadFile } from "@/lib/files/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MemberErrors } from "@/lib/members/errors";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Paginated file metadata, filterable by bucket and member (a member's documents: `?memberId=…&bucket=club-documents`). */
export const GET = route(
  { access: "files:read", query: fileListQuery, summary: "List files", response: { schema: filePageResponse } },
  async ({ query, services }) => ok(await listFiles(services, query)),
);

/** The body is the file, streamed to storage unparsed (no `body` schema); bucket, name and member in the query. */
export const POST = route(
  {
    access: "files:write",
    query: uploadQuery,
    successStatus: 201,
    location: "/api/files/{id}",
    summary: "Upload a file",
    rawBody: {
      contentTypes: UPLOAD_EXAMPLE_TYPES,
      description:
        "The file's bytes, streamed; Content-Type is its declared type, any but JSON (club-images: JPEG, PNG, GIF or WebP, recognised from the bytes).",
    },
    response: { schema: fileResponse },
    errors: [FileErrors.notAnImage, MemberErrors.notFound],
  },
  async ({ query, request, services }) =>
    answerUpload(request, query.name, async (upload) => uploadFile(services, query.bucket, upload, query.memberId)),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
