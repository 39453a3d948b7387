import { currentTraceId } from "../trace";

/** RFC 9457 problem details, as spec section 7 shapes them. */
export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  instance: string;
  traceId: string;
  detail?: string;
  errors?: Record<string, string[]>;
  /** The business code, where a failure the wrapper answers as problem details has one (412 `Precondition.Failed`). */
  code?: string;
  /** The size limit in bytes a 413 went over, where the route knows it (an upload over its bucket's limit). */
  limitBytes?: number;
};

const TYPES: Record<number, string> = {
  400: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
  404: "https://tools.ietf.org/html/rfc9110#section-15.5.5",
  405: "https://tools.ietf.org/html/rfc9110#section-15.5.6",
  409: "https://tools.ietf.org/html/rfc9110#section-15.5.10",
  412: "https://tools.ietf.org/html/rfc9110#section-15.5.13",
  413: "https://tools.ietf.org/html/rfc9110#section-15.5.14",
  415: "https://tools.ietf.org/html/rfc9110#section-15.5.16",
  422: "https://tools.ietf.org/html/rfc9110#section-15.5.21",
  500: "https://tools.ietf.org/html/rfc9110#section-15.6.1",
  503: "https://tools.ietf.org/html/rfc9110#section-15.6.4",
  504: "https://tools.ietf.org/html/rfc9110#section-15.6.5",
};

/** "METHOD /path", the spec's `instance`. */
export function instanceOf(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname}`;
}

export function problemResponse(
  request: Request,
  status: number,
  title: string,
  extra: Pick<ProblemDetails, "detail" | "errors" | "code" | "limitBytes"> = {},
): Response {
  const body: ProblemDetails = {
    type: TYPES[status] ?? "about:blank",
    title,
    status,
    instance: instanceOf(request),
    traceId: currentTraceId() ?? "",
    ...extra,
  };
  return Response.json(body, { status, headers: { "content-type": "application/problem+json" } });
}

export function validationProblem(request: Request, errors: Record<string, string[]>): Response {
  return problemResponse(request, 400, "One or more validation errors occurred.", { errors });
}
