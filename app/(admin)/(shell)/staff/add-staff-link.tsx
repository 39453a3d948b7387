"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";

/** The way from a list of people (users, employees) to "Add staff member", for those who may add staff. */
export function AddStaffLink({ show }: { show: boolean }) {
  const t = useTranslations("staff.link");
  if (!show) return null;
  return (
    <p className="add-staff-link">
      <Link href="/staff/new">{t("label")}</Link> <span className="muted">{t("hint")}</span>
    </p>
  );
}
