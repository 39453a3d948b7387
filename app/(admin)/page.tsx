import { platform } from "@/lib/platform/container";
import { getSetupStatus } from "@/lib/setup/status";

export const dynamic = "force-dynamic";

export default async function OverviewPage() {
  const { database } = await platform();
  const status = await getSetupStatus(database.db);
  return (
    <>
      <h1 className="page-title">Overview</h1>
      <p className="page-lead">The back office of your club: members, subscriptions and staff attendance.</p>
      <section className="card" aria-labelledby="setup-heading">
        <h2 id="setup-heading">Installation</h2>
        <p>
          Setup status: <span className={`badge badge-${status}`} data-testid="setup-status">{status}</span>
        </p>
        {status === "incomplete" ? (
          <p className="notice">
            This installation has no administrator yet. Create the platform and the first super-administrator with
            the setup API (<code>POST /api/setup/platform</code>, <code>POST /api/setup/superadmin</code>).
          </p>
        ) : (
          <p className="notice">Setup is complete.</p>
        )}
      </section>
    </>
  );
}
