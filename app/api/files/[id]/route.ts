import { FileErrors } from "@/lib/files/errors";
import { fileResponse } from "@/lib/files/responses";
import { deleteFile, getFile } from "@/lib/files/service";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "files:read",
    params: idParams,
    summary: "A file's metadata",
    versioned: true,
    response: { schema: fileResponse },
    errors: [FileErrors.notFound],
  },
  async ({ params, services }) => getFile(services, params.id),
);

/** Deletes the object and the row (audited); 204. A member whose photo it was has no photo afterwards. */
export const DELETE = route(
  {
    access: "files:delete",
    params: idParams,
    summary: "Delete a file",
    versioned: true,
    successStatus: 204,
    errors: [FileErrors.notFound, FileErrors.inUse],
  },
  async ({ params, services, request }) => deleteFile(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST, PUT } = otherMethods({ GET, DELETE });
