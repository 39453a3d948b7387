import { annualCustomersResponse } from "@/app/api/books-responses";
import { annualCustomers } from "@/lib/billing/books/annual-customers";
import { annualCustomersQuery } from "@/lib/billing/books/schemas";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: annualCustomersQuery,
    summary: "Modelo 347 customers of a year",
    description:
      "Customers (by NIF) invoiced more than 3,005.06, IVA included, in the year, with each quarter; and, apart, those over it whose invoices carry no NIF, who cannot be declared until it is known (docs/billing.md, Modelo 347).",
    response: { schema: annualCustomersResponse },
  },
  async ({ query, services }) => ok(await annualCustomers(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
