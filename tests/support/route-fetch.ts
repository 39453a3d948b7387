import { DOCUMENTED_ROUTES } from "@/app/api/openapi.json/registry";
import type { RouteHandler } from "@/lib/http/route";
import { openApiPath } from "@/lib/openapi/document";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { randomIp } from "./api";

type Route = { pattern: RegExp; module: Readonly<Record<string, unknown>>; parameters: number };

/** `/api/members/{id}` → a pattern naming `id`; more parameters sort later, so `/members/enroll` beats `/members/{id}`. */
function routeOf(folder: string, module: Readonly<Record<string, unknown>>): Route {
  const path = openApiPath(folder);
  const source = path.replace(/[.]/g, "\\.").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)");
  return { pattern: new RegExp(`^${source}$`), module, parameters: (path.match(/\{/g) ?? []).length };
}

/**
 * A fetch answered by the documented route handlers in process, routed by path like Next.js, from one client address:
 * what a generated client (clients/typescript) is tested with, without a server.
 */
export function routeFetch(ip = randomIp()): (request: Request) => Promise<Response> {
  const routes = Object.entries(DOCUMENTED_ROUTES)
    .map(([folder, module]) => routeOf(folder, module))
    .sort((a, b) => a.parameters - b.parameters);
  return async (request) => {
    const { pathname } = new URL(request.url);
    for (const { pattern, module } of routes) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const handler = module[request.method] as RouteHandler | undefined;
      if (!handler) return new Response(null, { status: 405 });
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      const headers = new Headers(request.headers);
      headers.set(PEER_ADDRESS_HEADER, ip);
      return handler(new Request(request, { headers }), { params: Promise.resolve(params) });
    }
    return new Response(null, { status: 404 });
  };
}
