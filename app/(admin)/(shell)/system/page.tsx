import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getClubFormat } from "@/console/i18n/server-format";
import { can, pageUser } from "@/console/server/session";
import { readinessReport } from "@/lib/health/reports";
import { JobsCard } from "./jobs-card";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("system.health"))("title") };
}

/** "00:00:01.250", the report's duration, as whole milliseconds. */
function millisecondsOf(duration: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = duration.split(":").map(Number);
  return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000);
}

export default async function HealthPage() {
  const user = await pageUser();
  if (!user) return null;
  const [report, t, format] = await Promise.all([readinessReport(), getTranslations("system.health"), getClubFormat()]);
  const ms = (duration: string) => format.count(millisecondsOf(duration));
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">
        <span className={`badge health-badge badge-${report.status}`}>{t(`overall.${report.status}`)}</span>{" "}
        {t("checkedIn", { ms: ms(report.totalDuration) })}
      </p>
      <p className="muted">{t("lead")}</p>
      <ul className="grid dependency-list" aria-label={t("dependencies")}>
        {Object.entries(report.entries).map(([name, entry]) => (
          <li key={name} className="card dependency">
            <span className="name">{t(`dependency.${name as keyof typeof report.entries}.name`)}</span>
            <span className="dependency-what">{t(`dependency.${name as keyof typeof report.entries}.what`)}</span>
            <span className={`badge health-badge badge-${entry.status}`}>{t(`status.${entry.status}`)}</span>
            <span className="meta">{t("answeredIn", { ms: ms(entry.duration) })}</span>
          </li>
        ))}
      </ul>
      {can(user, "jobs:run") && <JobsCard />}
    </>
  );
}
