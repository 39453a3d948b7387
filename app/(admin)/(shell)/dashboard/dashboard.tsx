"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useConsoleApi } from "@/console/api-client";
import type { MemberStatistics } from "@/console/club-api";
import { formatCount, formatMoney, MEMBER_STATUS_VALUES, MEMBER_STATUSES, plural } from "@/console/format";
import { BarChart, type ChartDatum, DonutChart } from "@/console/ui/charts";
import { EmptyState, LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf } from "@/console/ui/forms";
import { Stat } from "../stat";

const STATUS_TONES = { active: "ok", inactive: "muted", suspended: "bad", expired: "warn" } as const;

const statusData = (statistics: MemberStatistics): ChartDatum[] =>
  MEMBER_STATUS_VALUES.map((status) => ({
    key: status,
    label: MEMBER_STATUSES[status].label,
    value: statistics.countsByStatus[status] ?? 0,
    tone: STATUS_TONES[status],
  }));

const planData = (statistics: MemberStatistics): ChartDatum[] =>
  statistics.activeSubscriptionsByPlan.map((plan) => ({
    key: plan.planId,
    label: plan.planName,
    value: plan.count,
    tone: "accent",
  }));

function DashboardSkeleton() {
  return (
    <>
      <div className="stats stats-compact">
        {["Members", "Active", "New this month", "Monthly revenue"].map((label) => (
          <SkeletonCard key={label} className="card stat" label={`Loading ${label.toLowerCase()}…`} lines={2} />
        ))}
      </div>
      <div className="chart-grid">
        <SkeletonCard label="Loading the charts…" lines={6} />
        <SkeletonCard label="Loading the charts…" lines={6} />
      </div>
    </>
  );
}

/** Subscriptions in force now, over every plan. */
const inForce = (statistics: MemberStatistics) =>
  statistics.activeSubscriptionsByPlan.reduce((sum, plan) => sum + plan.count, 0);

function Charts({ statistics }: { statistics: MemberStatistics }) {
  const plans = planData(statistics);
  return (
    <div className="chart-grid">
      <DonutChart title="Members by status" data={statusData(statistics)} unit={{ one: "member", other: "members" }} />
      {plans.length > 0 ? (
        <BarChart
          title="Active subscriptions by plan"
          data={plans}
          unit={{ one: "subscription", other: "subscriptions" }}
        />
      ) : (
        <section className="card chart" aria-label="Active subscriptions by plan">
          <p className="chart-title">Active subscriptions by plan</p>
          <EmptyState title="No subscription is in force">
            <p>Subscribe members to a plan to see them here.</p>
          </EmptyState>
        </section>
      )}
    </div>
  );
}

function Figures({ statistics }: { statistics: MemberStatistics }) {
  const { total, countsByStatus } = statistics;
  // The document types the counts as a map of any status; every status is in it.
  const active = countsByStatus.active ?? 0;
  return (
    <div className="stats stats-compact">
      <Stat
        label="Members"
        value={formatCount(total)}
        detail="Every status together."
        href="/members"
        linkText="All members"
      />
      <Stat
        label="Active"
        value={formatCount(active)}
        detail={total > 0 ? `${Math.round((active / total) * 100)}% of the members.` : "Nobody yet."}
      />
      <Stat
        label="New this month"
        value={formatCount(statistics.newThisMonth)}
        detail="Joined since the first of the month."
      />
      <Stat
        label="Monthly revenue"
        value={formatMoney(statistics.monthlyRecurringRevenue, statistics.currency)}
        detail={`Recurring, from ${plural(inForce(statistics), "subscription", "subscriptions")} in force.`}
      />
    </div>
  );
}

function GettingStarted({ canEnroll, canManagePlans }: { canEnroll: boolean; canManagePlans: boolean }) {
  return (
    <section className="card empty-state" aria-label="Getting started">
      <p className="empty-state-title">No members yet</p>
      <p>The charts fill in as members join and subscribe.</p>
      <p className="empty-state-actions">
        {canManagePlans && (
          <Link className="button" href="/plans">
            Set up plans
          </Link>
        )}
        {canEnroll && (
          <Link className="button button-primary" href="/members">
            Enroll members
          </Link>
        )}
      </p>
    </section>
  );
}

function DashboardContent({ canEnroll, canManagePlans }: { canEnroll: boolean; canManagePlans: boolean }) {
  const api = useConsoleApi();
  const statistics = useQuery({ queryKey: ["members", "statistics"], queryFn: api.members.statistics });
  if (statistics.isPending) return <DashboardSkeleton />;
  if (statistics.isError) {
    return (
      <LoadError
        message={`The statistics could not be loaded: ${formFailureOf(statistics.error).message}`}
        onRetry={() => void statistics.refetch()}
      />
    );
  }
  return (
    <>
      <Figures statistics={statistics.data} />
      {statistics.data.total > 0 ? (
        <Charts statistics={statistics.data} />
      ) : (
        <GettingStarted canEnroll={canEnroll} canManagePlans={canManagePlans} />
      )}
    </>
  );
}

export function Dashboard(access: { canEnroll: boolean; canManagePlans: boolean }) {
  return (
    <>
      <h1 className="page-title">Dashboard</h1>
      <p className="page-lead">Members and recurring revenue, as of now.</p>
      <DashboardContent {...access} />
    </>
  );
}
