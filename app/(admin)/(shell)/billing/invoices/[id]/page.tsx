import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { Forbidden } from "../../../forbidden";
import { InvoiceDetail } from "./invoice-detail";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("invoices.detail");
  return { title: t("title") };
}

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await pageUser();
  if (!user) return null;
  if (!can(user, "billing:read")) {
    const t = await getTranslations("invoices.detail");
    return <Forbidden title={t("title")} permission="billing:read" />;
  }
  const { id } = await params;
  return (
    <InvoiceDetail
      invoiceId={id}
      allowed={{
        pay: can(user, "billing:write"),
        correct: can(user, "billing:refund"),
        readMembers: can(user, "members:read"),
      }}
    />
  );
}
