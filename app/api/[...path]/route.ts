import { route } from "@/lib/http/route";
import { problemResponse } from "@/lib/platform/http/problem";

export const dynamic = "force-dynamic";

/** Any /api path no other route matches: 404 problem details rather than an HTML page. */
const notFound = route({ withoutServices: true }, async ({ request }) =>
  problemResponse(request, 404, "The requested resource was not found.", {
    detail: "No API endpoint matches this method and path.",
  }),
);

// OPTIONS too: Next.js would otherwise answer it 204 with an Allow header for a path that does not exist.
export {
  notFound as DELETE,
  notFound as GET,
  notFound as OPTIONS,
  notFound as PATCH,
  notFound as POST,
  notFound as PUT,
};
