import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { can, pageUser } from "@/console/server/session";
import { getInvoiceSeries } from "@/lib/billing/series";
import { serviceContext } from "@/lib/composition/services";
import { currencyInUse, getSettings } from "@/lib/setup/settings";
import { Forbidden } from "../forbidden";
import { InvoiceSeriesForm } from "./invoice-series-form";
import { SettingsForm } from "./settings-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings.page"))("title") };
}

export default async function SettingsPage() {
  const user = await pageUser();
  if (!user) return null;
  const t = await getTranslations("settings.page");
  if (!can(user, "settings:read")) return <Forbidden title={t("title")} permission="settings:read" />;
  const services = await serviceContext(null);
  const [settings, currencyLocked, series] = await Promise.all([
    getSettings(services),
    currencyInUse(services.db),
    getInvoiceSeries(services),
  ]);
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">{t("lead")}</p>
      <SettingsForm
        initial={{ ...settings, updatedAt: settings.updatedAt.toISOString() }}
        currencyLocked={currencyLocked}
        canWrite={can(user, "settings:write")}
      />
      <InvoiceSeriesForm initial={series} canWrite={can(user, "settings:write")} />
    </>
  );
}
