import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "./schema";

export type { components, operations, paths } from "./schema";

/** The typed client: `client.GET("/api/members/{id}", { params: { path: { id } } })` → `{ data, error, response }`. */
export type ClubOpsClient = Client<paths>;

/** A path of the API and one of its methods, as the generated `paths` name them (`"/api/members/{id}"`, `"put"`). */
type Method<P extends keyof paths> = {
  [M in keyof paths[P]]-?: paths[P][M] extends { responses: unknown } ? M : never;
}[keyof paths[P]];
type Operation<P extends keyof paths, M extends Method<P>> = paths[P][M];

type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** The JSON body of the operation's success answer (200 or 201). */
export type JsonAnswer<P extends keyof paths, M extends Method<P>> =
  Operation<P, M> extends { responses: infer Answers }
    ? JsonContent<Answers[Extract<keyof Answers, 200 | 201>]>
    : never;

/** The JSON request body of the operation. */
export type JsonBody<P extends keyof paths, M extends Method<P>> =
  Operation<P, M> extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : never;

/** The query parameters of the operation. */
export type QueryOf<P extends keyof paths, M extends Method<P>> =
  Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** An item of a list's page (spec 2.10): `PageItem<JsonAnswer<"/api/members", "get">>`. */
export type PageItem<Page> = Page extends { items: (infer Item)[] } ? Item : never;

/**
 * The client for `baseUrl` (`https://club.example.org`), sending `accessToken()`'s bearer token when it has one.
 * `fetch` replaces the global fetch (a session-aware one that renews the token, a test's).
 */
export function createClubOpsClient({
  accessToken,
  ...options
}: ClientOptions & { accessToken?: () => string | undefined | Promise<string | undefined> }): ClubOpsClient {
  const client = createClient<paths>(options);
  if (accessToken)
    client.use({
      async onRequest({ request }) {
        const token = await accessToken();
        if (token && !request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${token}`);
        return request;
      },
    });
  return client;
}
