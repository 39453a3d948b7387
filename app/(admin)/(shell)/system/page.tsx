import type { Metadata } from "next";
import { pageUser } from "@/lib/console/session";
import { readinessReport } from "@/lib/health/reports";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "System health" };

export default async function HealthPage() {
  if (!(await pageUser())) return null;
  const report = await readinessReport();
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
    </>
  );
}
