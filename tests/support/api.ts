import { randomInt } from "node:crypto";
import { PEER_ADDRESS_HEADER, trustPeerAddressHeader } from "@/lib/platform/http/client-ip";
import { RECORDING, recordExample } from "./openapi-examples";

// Route handlers are called here as scripts/server.mjs calls them: with the peer address it wrote.
trustPeerAddressHeader();

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

export type ApiCall = {
  method?: string;
  path: string;
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  /** The client address (the TCP peer the server entry reports); a fresh random one unless given, so tests do not share limits. */
  ip?: string;
};

/** `T` is what the test expects the body to hold; assertions check it. */
export type ApiReply<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Calls a route handler the way Next.js would, with a JSON body, and reads the JSON reply. */
export async function call<T = Record<string, unknown>>(handler: RouteHandler, request: ApiCall): Promise<ApiReply<T>> {
  const headers = new Headers({ [PEER_ADDRESS_HEADER]: request.ip ?? randomIp(), ...request.headers });
  if (request.token) headers.set("authorization", `Bearer ${request.token}`);
  if (request.body !== undefined) headers.set("content-type", "application/json");
  const response = await handler(
    new Request(`http://localhost${request.path}`, {
      method: request.method ?? (request.body === undefined ? "GET" : "POST"),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }),
    { params: Promise.resolve(request.params ?? {}) },
  );
  const text = await response.text();
  const reply = { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  if (RECORDING) await recordExample(handler, request.body, reply);
  return reply;
}

/** The value of a cookie a response sets. */
export function setCookieValue(reply: ApiReply<unknown>, name: string): string | undefined {
  const header = reply.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header?.slice(name.length + 1).split(";")[0];
}
