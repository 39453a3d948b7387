"use client";

import { useLocale, useTranslations } from "next-intl";
import type { RemittanceItem, RemittanceRecord, RemittanceSummary } from "@/console/remittances-api";
import { reasonWords } from "@/lib/billing/sepa/reason-codes";
import type { ClubLanguage } from "@/lib/settings/club-locale";

/** What the reader is told a remittance is at: a draft, sent to the bank, or settled (every debit collected or returned). */
type RemittanceStage = "draft" | "sent" | "settled";

const STAGE_BADGES: Readonly<Record<RemittanceStage, string>> = {
  draft: "badge-neutral",
  sent: "badge-pending",
  settled: "badge-active",
};
const ITEM_BADGES: Readonly<Record<RemittanceItem["status"], string>> = {
  included: "badge-neutral",
  collected: "badge-active",
  returned: "badge-blocked",
};

/** A sent remittance has been settled once the bank's collection is recorded: no debit waits, some were collected. */
export function stageOf(remittance: RemittanceSummary | RemittanceRecord): RemittanceStage {
  if (remittance.status === "draft") return "draft";
  if (!("items" in remittance)) return "sent";
  const statuses = new Set(remittance.items.map((item) => item.status));
  return statuses.has("collected") && !statuses.has("included") ? "settled" : "sent";
}

/**
 * Badges of remittances and their debits, and the bank's reason codes, in the reader's words (the reason codes' words
 * are the API's own, lib/billing/sepa/reason-codes.ts, in both languages).
 */
export function useRemittanceLooks() {
  const t = useTranslations("remittances");
  const language = useLocale() as ClubLanguage;
  return {
    reason: (code: string) => `${code} · ${reasonWords(code)[language]}`,
    stage: (stage: RemittanceStage) => ({ label: t(`stages.${stage}`), badge: STAGE_BADGES[stage] }),
    item: (status: RemittanceItem["status"]) => ({ label: t(`itemStatuses.${status}`), badge: ITEM_BADGES[status] }),
  };
}

export const remittancePage = (remittance: { id: string }) => `/billing/remittances/${remittance.id}`;
