import { vatReturnResponse } from "@/app/api/books-responses";
import { vatReturnQuery } from "@/lib/billing/books/schemas";
import { vatReturn } from "@/lib/billing/books/vat-return";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    query: vatReturnQuery,
    summary: "Modelo 303 figures of a quarter",
    description:
      "The sales side of the quarter's modelo 303 (IVA devengado) from the invoices issued in it, by casilla: base and quota per rate (01–09), modifications by rectifying invoices (14, 15), the total accrued (27) and exempt operations without right to deduction (83). Deductible IVA is not in ClubOps (docs/billing.md, Modelo 303).",
    response: { schema: vatReturnResponse },
  },
  async ({ query, services }) => ok(await vatReturn(services, query)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
