import { FileErrors } from "@/lib/files/errors";
import { downloadUrlResponse } from "@/lib/files/responses";
import { createDownloadUrl } from "@/lib/files/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** A presigned storage URL valid for 5 minutes, for clients that download without sending the bearer token. */
export const GET = route(
  {
    access: "files:read",
    params: idParams,
    summary: "A short-lived download URL",
    response: { schema: downloadUrlResponse },
    errors: [FileErrors.notFound],
  },
  async ({ params, services }) => createDownloadUrl(services, params.id),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
