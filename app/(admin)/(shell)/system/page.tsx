import type { Metadata } from "next";
import { can, pageUser } from "@/console/server/session";
import { serviceContext } from "@/lib/composition/services";
import { readinessReport } from "@/lib/health/reports";
import { JobsCard } from "./jobs-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "System health" };

export default async function HealthPage() {
  const user = await pageUser();
  if (!user) return null;
  const [report, { club }] = await Promise.all([readinessReport(), serviceContext(null)]);
  return (
    <>
      <h1 className="page-title">System health</h1>
      <p className="page-lead">
        Overall: <span className={`badge badge-${report.status}`}>{report.status}</span> · checked in{" "}
        {report.totalDuration}
      </p>
      <ul className="grid" aria-label="Dependencies" style={{ listStyle: "none", padding: 0 }}>
        {Object.entries(report.entries).map(([name, entry]) => (
          <li key={name} className="card dependency">
            <span className="name">{name.replace("-", " ")}</span>
            <span className={`badge badge-${entry.status}`}>{entry.status}</span>
            <span className="meta">answered in {entry.duration}</span>
          </li>
        ))}
      </ul>
      {can(user, "jobs:run") && <JobsCard timeZone={club.timeZone} />}
    </>
  );
}
