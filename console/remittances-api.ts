import type { JsonAnswer, JsonBody, PageItem, QueryOf } from "@/clients/typescript";
import { answer, done, streamed, type typedClient } from "./typed-client";

// SEPA direct debit remittances (docs/api.md, "Remittances"), as the console calls them.

type ConsoleClient = ReturnType<typeof typedClient>;

export type RemittanceSummary = PageItem<JsonAnswer<"/api/remittances", "get">>;
export type RemittanceRecord = JsonAnswer<"/api/remittances/{id}", "get">;
export type RemittanceItem = RemittanceRecord["items"][number];
export type RemittanceCandidate = JsonAnswer<"/api/remittances/candidates", "get">["items"][number];
export type ReturnImportReport = JsonAnswer<"/api/remittances/{id}/returns", "post">;
export type ReturnImport = JsonBody<"/api/remittances/{id}/returns", "post">;

const one = (id: string) => ({ params: { path: { id } } });

export function remittanceEndpoints(client: ConsoleClient) {
  return {
    remittances: {
      list: (query: QueryOf<"/api/remittances", "get">) =>
        answer(client.GET("/api/remittances", { params: { query } })),
      candidates: (collectionDate: string) =>
        answer(client.GET("/api/remittances/candidates", { params: { query: { collectionDate } } })),
      build: (body: JsonBody<"/api/remittances", "post">) => answer(client.POST("/api/remittances", { body })),
      get: (id: string) => answer(client.GET("/api/remittances/{id}", one(id))),
      remove: (id: string) => done(client.DELETE("/api/remittances/{id}", one(id))),
      /** The pain.008 file as a response whose body the caller saves under the name the API gives. */
      file: (id: string) => streamed(client.GET("/api/remittances/{id}/file", { ...one(id), parseAs: "stream" })),
      send: (id: string) => answer(client.POST("/api/remittances/{id}/send", one(id))),
      importReturns: (id: string, body: ReturnImport) =>
        answer(client.POST("/api/remittances/{id}/returns", { ...one(id), body })),
      settle: (id: string) => answer(client.POST("/api/remittances/{id}/settle", one(id))),
    },
  };
}
