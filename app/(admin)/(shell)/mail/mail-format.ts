"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { MailStatus } from "@/console/club-api";
import type { StatusLook } from "@/console/format";

const BADGES: Readonly<Record<MailStatus, string>> = {
  pending: "badge-pending",
  sent: "badge-active",
  failed: "badge-blocked",
};

/** A mail's state as a badge, in the reader's language. */
export function useMailStatusLook(): (status: MailStatus) => StatusLook {
  const t = useTranslations("mail.status");
  return (status) => ({ label: t(status), badge: BADGES[status] });
}

/**
 * A template's name in words ("Welcome", "Bienvenida"), from the API's list in the reader's language; the name the
 * outbox stores while the list loads or for a template the renderer no longer knows.
 */
export function useTemplateTitle(): (name: string) => string {
  const api = useConsoleApi();
  const language = useLocale();
  const templates = useQuery({
    queryKey: ["mail-templates", language],
    queryFn: () => api.mail.templates(language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (name) => templates.data?.items.find((item) => item.name === name)?.title ?? name;
}
