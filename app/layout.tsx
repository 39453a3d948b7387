import type { Metadata } from "next";
import type { ReactNode } from "react";
import { consoleSession } from "@/console/server/session";
import { ConsoleProviders } from "@/console/ui/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "ClubOps", template: "%s · ClubOps" },
  description: "Back office for membership clubs: members, subscriptions and staff attendance.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <ConsoleProviders session={await consoleSession()}>{children}</ConsoleProviders>
      </body>
    </html>
  );
}
