import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { readClubTaxData } from "@/lib/billing/tax-data";
import { serviceContext } from "@/lib/composition/services";
import { Forbidden } from "../../forbidden";
import { InvoicesConsole } from "./invoices-console";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("invoices.list");
  return { title: t("title") };
}

export default async function InvoicesPage({
  searchParams,
}: {
  searchParams: Promise<{ search?: string | string[] }>;
}) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "billing:read")) {
    const t = await getTranslations("invoices.list");
    return <Forbidden title={t("title")} permission="billing:read" />;
  }
  // The member page links here with the member's name as the search.
  const { search } = await searchParams;
  // Until the club's tax data is complete nothing is invoiced: the list says so, and where to complete it.
  const { billingStarted } = await readClubTaxData((await serviceContext(null)).db);
  return (
    <InvoicesConsole
      initialSearch={typeof search === "string" ? search : ""}
      notStarted={billingStarted ? null : { canSetUp: can(user, "settings:write") }}
    />
  );
}
