type Params = Record<string, string | string[] | undefined>;

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
