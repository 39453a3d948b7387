import { problemResponse } from "@/lib/platform/http/problem";
import { answerWithinTrace } from "./answer-headers";
import { measured } from "./request-metrics";
import type { RouteHandler } from "./route";

/** The methods a route module implements with route(). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];
type Implemented = Partial<Record<RouteMethod, RouteHandler>>;

/** What a module leaves to otherMethods(): the route methods it lacks, OPTIONS, and HEAD when it has no GET. */
type OtherMethod<M extends Implemented> =
  | Exclude<RouteMethod, keyof M>
  | "OPTIONS"
  | ("GET" extends keyof M ? never : "HEAD");

const fallbacks = new WeakSet<RouteHandler>();

/** Whether a module's export is one of otherMethods()' answers rather than an operation. */
export const isOtherMethodHandler = (handler: unknown): boolean =>
  typeof handler === "function" && fallbacks.has(handler as RouteHandler);

/** The Allow header: the implemented methods, HEAD beside GET (Next.js answers HEAD with GET's handler), and OPTIONS. */
function allowOf(methods: readonly string[]): string {
  const allowed = new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"]);
  return [...allowed].sort().join(", ");
}

/**
 * The answers of the methods a route module does not implement, for it to export beside its own:
 *
 *     export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
 *
 * Next.js answers a method a module does not export with an empty 405, and OPTIONS with an Allow header listing every
 * method the module exports; these answer 405 problem details with `Allow` (RFC 9110 15.5.6) and OPTIONS with the
 * module's own methods. registry.test.ts fails when a module's exports leave a method to Next.js.
 */
export function otherMethods<const M extends Implemented>(implemented: M): Record<OtherMethod<M>, RouteHandler> {
  const allow = allowOf(Object.keys(implemented));
  const notAllowed: RouteHandler = measured((request) =>
    answerWithinTrace(request, { signedIn: false }, async () => {
      const problem = problemResponse(request, 405, "The method is not allowed on this resource.", {
        detail: `${request.method} is not allowed here; the allowed methods are ${allow}.`,
      });
      problem.headers.set("allow", allow);
      return problem;
    }),
  );
  const options: RouteHandler = measured((request) =>
    answerWithinTrace(
      request,
      { signedIn: false },
      async () => new Response(null, { status: 204, headers: { allow } }),
    ),
  );
  fallbacks.add(notAllowed);
  fallbacks.add(options);
  const answers: Record<string, RouteHandler> = { OPTIONS: options };
  for (const method of [...ROUTE_METHODS, "HEAD"])
    if (!(method in implemented) && !(method === "HEAD" && "GET" in implemented)) answers[method] = notAllowed;
  return answers as Record<OtherMethod<M>, RouteHandler>;
}
