import { type ClubOpsClient, createClubOpsClient } from "@/clients/typescript";
import { ApiError, apiErrorOf, queryString, type Transport } from "./transport";

/**
 * The generated client (clients/typescript) over the console's transport: paths, parameters, bodies and answers are
 * the OpenAPI document's, so the console compiles against the same contract as every other client.
 */
export const typedClient = (api: Transport): ClubOpsClient =>
  createClubOpsClient({
    fetch: api.fetch,
    querySerializer: (query) => queryString(query),
    headers: { accept: "application/json" },
    cache: "no-store",
  });

/** What a call of the typed client resolves to. */
type Outcome<T> = { data?: T; error?: unknown; response: Response };

async function succeeded<T>(call: Promise<Outcome<T>>): Promise<Outcome<T>> {
  const outcome = await call;
  if (!outcome.response.ok) throw apiErrorOf(outcome.response.status, outcome.error ?? null);
  return outcome;
}

/** The answer's JSON body; a refusal is thrown as an ApiError. */
export async function answer<T>(call: Promise<Outcome<T>>): Promise<T> {
  const { data, response } = await succeeded(call);
  if (data === undefined) throw new ApiError(response.status, null, "The answer had no body.");
  return data;
}

/** Waits for an answer without a body (204); a refusal is thrown as an ApiError. */
export async function done(call: Promise<Outcome<unknown>>): Promise<void> {
  await succeeded(call);
}

/** The successful response itself, for bodies read as a stream (the CSV export, downloads): call with parseAs "stream". */
export async function streamed(call: Promise<Outcome<unknown>>): Promise<Response> {
  return (await succeeded(call)).response;
}

/** A JSON POST to an endpoint outside the API document (the console's own), through the same transport. */
export async function postOutsideDocument<T>(api: Transport, path: string, body: unknown): Promise<T> {
  const response = await api.fetch(
    new Request(path, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    }),
  );
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => null));
  return (await response.json()) as T;
}

/** The version of the record the change was made on, as If-Match: a newer one answers 412, not overwritten. */
export const ifMatch = (version: number) => ({ "If-Match": `"${version}"` });
