import { FileErrors } from "@/lib/files/errors";
import { fileResponse } from "@/lib/files/responses";
import { deleteFile, getFile } from "@/lib/files/service";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "files:read",
    params: idParams,
    summary: "A file's metadata",
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
    response: { status: 204 },
    errors: [FileErrors.notFound],
  },
  async ({ params, services }) => {
    const deleted = await deleteFile(services, params.id);
    return deleted.ok ? new Response(null, { status: 204 }) : deleted;
  },
);
