import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ClubCurrencyProvider } from "@/console/i18n/club-format";
import { INTL_LOCALE } from "@/console/i18n/locales";
import { clubLocale } from "@/console/i18n/request";
import { consoleSession } from "@/console/server/session";
import { ConsoleProviders } from "@/console/ui/providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell.metadata");
  return { title: { default: "ClubOps", template: "%s · ClubOps" }, description: t("description") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [language, club, session] = await Promise.all([getLocale(), clubLocale(), consoleSession()]);
  return (
    <html lang={INTL_LOCALE[language]}>
      <body>
        <NextIntlClientProvider>
          <ClubCurrencyProvider currency={club.currency}>
            <ConsoleProviders session={session}>{children}</ConsoleProviders>
          </ClubCurrencyProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
