import type { ClubLanguage } from "@/lib/settings/club-locale";
import type { Messages } from "@/messages";

// next-intl checks every key and argument against the English catalogue at compile time.
declare module "next-intl" {
  interface AppConfig {
    Locale: ClubLanguage;
    Messages: Messages;
  }
}
