"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { MemberStatistics } from "@/console/club-api";
import { MEMBER_STATUS_VALUES } from "@/console/format";
import { useClubFormat } from "@/console/i18n/club-format";
import { BarChart, type ChartDatum, DonutChart } from "@/console/ui/charts";
import { EmptyState, LoadError, SkeletonCard } from "@/console/ui/feedback";
import { formFailureOf, useFailureText } from "@/console/ui/forms";
import { Stat } from "../stat";

const STATUS_TONES = { active: "ok", inactive: "muted", suspended: "bad", expired: "warn" } as const;

type Translate = ReturnType<typeof useTranslations<"dashboard">>;

const statusData = (statistics: MemberStatistics, t: Translate): ChartDatum[] =>
  MEMBER_STATUS_VALUES.map((status) => ({
    key: status,
    label: t(`statuses.${status}`),
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

const FIGURES = ["members", "paying", "newThisMonth", "revenue"] as const;

function DashboardSkeleton() {
  const t = useTranslations("dashboard");
  return (
    <>
      <div className="stats stats-compact">
        {FIGURES.map((figure) => (
          <SkeletonCard
            key={figure}
            className="card stat"
            label={t("loading.figure", { figure: t(`figures.${figure}`).toLowerCase() })}
            lines={2}
          />
        ))}
      </div>
      <div className="chart-grid">
        <SkeletonCard label={t("loading.charts")} lines={6} />
        <SkeletonCard label={t("loading.charts")} lines={6} />
      </div>
    </>
  );
}

/** Subscriptions in force now, over every plan. */
const inForce = (statistics: MemberStatistics) =>
  statistics.activeSubscriptionsByPlan.reduce((sum, plan) => sum + plan.count, 0);

/** What each status means, under the chart that counts them (docs/console.md). */
function StatusMeanings() {
  const t = useTranslations("dashboard.statuses");
  return (
    <details className="status-meanings">
      <summary>{t("meaning")}</summary>
      <dl>
        {MEMBER_STATUS_VALUES.map((status) => (
          <div key={status}>
            <dt>{t(status)}:</dt> <dd>{t(`${status}Meaning`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Charts({ statistics }: { statistics: MemberStatistics }) {
  const t = useTranslations("dashboard");
  const plans = planData(statistics);
  const members = { one: t("units.member"), other: t("units.members") };
  return (
    <div className="chart-grid">
      <DonutChart
        title={t("statuses.title")}
        data={statusData(statistics, t)}
        unit={members}
        footer={<StatusMeanings />}
      />
      {plans.length > 0 ? (
        <BarChart
          title={t("plans.title")}
          data={plans}
          unit={{ one: t("units.subscription"), other: t("units.subscriptions") }}
        />
      ) : (
        <section className="card chart" aria-label={t("plans.title")}>
          <p className="chart-title">{t("plans.title")}</p>
          <EmptyState title={t("plans.emptyTitle")}>
            <p>{t("plans.emptyBody")}</p>
          </EmptyState>
        </section>
      )}
    </div>
  );
}

function Figures({ statistics }: { statistics: MemberStatistics }) {
  const t = useTranslations("dashboard.figures");
  const format = useClubFormat();
  const { total, payingMembers } = statistics;
  return (
    <div className="stats stats-compact">
      <Stat
        label={t("members")}
        value={format.count(total)}
        detail={t("membersDetail")}
        href="/members"
        linkText={t("allMembers")}
      />
      <Stat
        label={t("paying")}
        value={format.count(payingMembers)}
        detail={total > 0 ? t("payingDetail", { share: format.percent(payingMembers / total) }) : t("payingNobody")}
      />
      <Stat label={t("newThisMonth")} value={format.count(statistics.newThisMonth)} detail={t("newThisMonthDetail")} />
      <Stat
        label={t("revenue")}
        value={format.money(statistics.monthlyRecurringRevenue, statistics.currency)}
        detail={t("revenueDetail", { count: inForce(statistics) })}
      />
    </div>
  );
}

function GettingStarted({ canEnroll, canManagePlans }: { canEnroll: boolean; canManagePlans: boolean }) {
  const t = useTranslations("dashboard.gettingStarted");
  return (
    <section className="card empty-state" aria-label={t("label")}>
      <p className="empty-state-title">{t("title")}</p>
      <p>{t("body")}</p>
      <p className="empty-state-actions">
        {canManagePlans && (
          <Link className="button" href="/plans">
            {t("setUpPlans")}
          </Link>
        )}
        {canEnroll && (
          <Link className="button button-primary" href="/members">
            {t("enroll")}
          </Link>
        )}
      </p>
    </section>
  );
}

function DashboardContent({ canEnroll, canManagePlans }: { canEnroll: boolean; canManagePlans: boolean }) {
  const t = useTranslations("dashboard");
  const failureText = useFailureText();
  const api = useConsoleApi();
  const statistics = useQuery({ queryKey: ["members", "statistics"], queryFn: api.members.statistics });
  if (statistics.isPending) return <DashboardSkeleton />;
  if (statistics.isError) {
    return (
      <LoadError
        message={t("loadError", { reason: failureText(formFailureOf(statistics.error)) })}
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
  const t = useTranslations("dashboard");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">{t("lead")}</p>
      <DashboardContent {...access} />
    </>
  );
}
