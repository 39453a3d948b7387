import { recordHttpRequest } from "@/lib/platform/metrics/registry";

type Params = Record<string, string | string[] | undefined>;
type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route a request matched, as a template (`/api/members/{id}`, `/api/{...path}`), rebuilt from its path and the
 * params Next.js matched: a metric label must not hold ids, or every member would add a time series. Next.js gives a
 * handler no pattern, so each param replaces the first segment after the previous one that equals its value
 * (params come in path order); a catch-all (an array) is always the last part of a path.
 */
export function routeTemplate(pathname: string, params: Params): string {
  const segments = pathname.split("/");
  let cursor = 0;
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (value.length > 0) segments.splice(segments.length - value.length, value.length, `{...${name}}`);
      continue;
    }
    if (value === undefined) continue;
    const index = segments.findIndex((segment, at) => at >= cursor && decoded(segment) === value);
    if (index < 0) continue;
    segments[index] = `{${name}}`;
    cursor = index + 1;
  }
  return segments.join("/");
}

/**
 * The handler, its every answer counted by route template and status with its duration (lib/platform/metrics):
 * route() and otherMethods() wrap theirs, so every answer of an API route is counted.
 */
export function measured<H extends Handler>(handler: H): H {
  const measuredHandler = async (request: Request, context: { params: Promise<Params> }) => {
    const started = performance.now();
    const response = await handler(request, context);
    const params = await Promise.resolve(context?.params).catch(() => undefined);
    recordHttpRequest({
      method: request.method,
      route: routeTemplate(new URL(request.url).pathname, params ?? {}),
      status: response.status,
      seconds: (performance.now() - started) / 1000,
    });
    return response;
  };
  return measuredHandler as H;
}
