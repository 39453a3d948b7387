import type { JsonAnswer, JsonBody, PageItem, QueryOf } from "@/clients/typescript";
import { answer, streamed, type typedClient } from "./typed-client";

// Invoices, payments, a member's balance and direct debit mandates (docs/api.md, Billing), as the console calls them.

type ConsoleClient = ReturnType<typeof typedClient>;

export type InvoiceQuery = QueryOf<"/api/invoices", "get">;
type InvoiceRow = PageItem<JsonAnswer<"/api/invoices", "get">>;
export type InvoiceRecord = JsonAnswer<"/api/invoices/{id}", "get">;
export type InvoiceStatus = InvoiceRow["status"];
export type PaymentInput = JsonBody<"/api/invoices/{id}/payments", "post">;
export type PaymentMethod = PaymentInput["method"];
export type RefundInput = JsonBody<"/api/invoices/{id}/refunds", "post">;
export type NewInvoiceInput = JsonBody<"/api/invoices", "post">;
export type RectificationInput = JsonBody<"/api/invoices/{id}/rectifications", "post">;
export type InvoiceSeriesRecord = JsonAnswer<"/api/billing/series", "get">;
export type InvoiceSeriesInput = JsonBody<"/api/billing/series", "put">;
export type MandateRow = PageItem<JsonAnswer<"/api/members/{id}/mandates", "get">>;
export type MandateInput = JsonBody<"/api/members/{id}/mandates", "post">;
export type MandateAmendment = JsonBody<"/api/members/{id}/mandates/{mandateId}/amend", "post">;

const invoicePath = (id: string) => ({ params: { path: { id } } });

export function invoiceEndpoints(client: ConsoleClient) {
  return {
    invoices: {
      list: (query: InvoiceQuery) => answer(client.GET("/api/invoices", { params: { query } })),
      get: (id: string) => answer(client.GET("/api/invoices/{id}", invoicePath(id))),
      /** The PDF as a response whose body the caller reads (a download, the preview). */
      pdf: (id: string, signal?: AbortSignal) =>
        streamed(client.GET("/api/invoices/{id}/pdf", { ...invoicePath(id), signal, parseAs: "stream" })),
      /** A payment's receipt as a response whose body the caller reads (a download). */
      receipt: (id: string, paymentId: string) =>
        streamed(
          client.GET("/api/invoices/{id}/payments/{paymentId}/receipt", {
            params: { path: { id, paymentId } },
            parseAs: "stream",
          }),
        ),
      pay: (id: string, body: PaymentInput) =>
        answer(client.POST("/api/invoices/{id}/payments", { ...invoicePath(id), body })),
      refund: (id: string, body: RefundInput) =>
        answer(client.POST("/api/invoices/{id}/refunds", { ...invoicePath(id), body })),
      writeOff: (id: string, body: JsonBody<"/api/invoices/{id}/write-off", "post">) =>
        answer(client.POST("/api/invoices/{id}/write-off", { ...invoicePath(id), body })),
      rectify: (id: string, body: RectificationInput) =>
        answer(client.POST("/api/invoices/{id}/rectifications", { ...invoicePath(id), body })),
      reissue: (id: string) => answer(client.POST("/api/invoices/{id}/reissue", invoicePath(id))),
      substitute: (id: string) => answer(client.POST("/api/invoices/{id}/substitute", invoicePath(id))),
      correctVerifactu: (id: string) =>
        answer(client.POST("/api/invoices/{id}/verifactu-corrections", invoicePath(id))),
      issue: (body: NewInvoiceInput) => answer(client.POST("/api/invoices", { body })),
    },
    invoiceSeries: {
      get: () => answer(client.GET("/api/billing/series")),
      update: (body: InvoiceSeriesInput) => answer(client.PUT("/api/billing/series", { body })),
    },
    memberBilling: {
      balance: (id: string) => answer(client.GET("/api/members/{id}/balance", invoicePath(id))),
      invoices: (id: string, query: QueryOf<"/api/members/{id}/invoices", "get">) =>
        answer(client.GET("/api/members/{id}/invoices", { params: { path: { id }, query } })),
      mandates: (id: string) =>
        answer(client.GET("/api/members/{id}/mandates", { params: { path: { id }, query: { pageSize: 50 } } })),
      addMandate: (id: string, body: MandateInput) =>
        answer(client.POST("/api/members/{id}/mandates", { ...invoicePath(id), body })),
      amendMandate: (id: string, mandateId: string, body: MandateAmendment) =>
        answer(
          client.POST("/api/members/{id}/mandates/{mandateId}/amend", { params: { path: { id, mandateId } }, body }),
        ),
      revokeMandate: (id: string, mandateId: string) =>
        answer(client.POST("/api/members/{id}/mandates/{mandateId}/revoke", { params: { path: { id, mandateId } } })),
    },
  };
}
