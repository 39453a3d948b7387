"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, SubscriptionRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { type ListQuery, PagedTable, PageHeader, useListDialogs, usePagedQuery } from "@/console/ui/list-page";
import type { Paginated } from "@/lib/platform/pagination";
import { MemberDialog } from "../member-form";
import { useMemberStatusLook, useTermStatusLook } from "../member-status";
import { MemberBilling } from "./member-billing";
import { DeleteMemberDialog, StatusDialog } from "./member-dialogs";
import { MemberDocuments } from "./member-documents";
import { MemberAvatar, usePhotoChange } from "./member-photo";
import { CancelDialog, ChangePlanDialog, type CurrentTerm, RenewDialog, SubscribeDialog } from "./subscription-dialogs";

/** What the user may do here (the page reads it from their permissions). */
export type MemberActions = {
  edit: boolean;
  remove: boolean;
  readSubscriptions: boolean;
  subscribe: boolean;
  changePlan: boolean;
  renew: boolean;
  cancel: boolean;
  /** The member's balance, invoices and mandates (`billing:read`); adding and revoking mandates (`billing:write`). */
  billing: { read: boolean; write: boolean };
  /** The member's photo and documents (`files:read`, `files:write`, `files:delete`); `users:read` names who uploaded. */
  files: { read: boolean; write: boolean; remove: boolean; readUsers: boolean };
};

/** The largest upload the API takes for a photo (club-images) and a document (club-documents), in bytes. */
export type FileLimits = { photo: number; document: number };

type OpenDialog =
  | { kind: "edit" | "status" | "delete" | "subscribe" }
  | { kind: "change-plan" | "cancel"; term: CurrentTerm }
  | { kind: "renew"; term: SubscriptionRow | CurrentTerm };
type Open = (dialog: OpenDialog) => void;

/** A term's status, telling a renewal queued to start later from the term in force. */
const termStatus = (term: SubscriptionRow) =>
  term.status === "active" && Date.parse(term.startedAt) > Date.now() ? "upcoming" : term.status;

/** The way back to the list, in the reader's language. */
function useMembersList(): ParentList {
  const t = useTranslations("members.list");
  return { href: "/members", label: t("title") };
}

function ProfileCard({ member }: { member: MemberRecord }) {
  const t = useTranslations("members.detail.profile");
  const format = useClubFormat();
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t("title")}</h2>
      <dl className="definition-list">
        <dt>{t("email")}</dt>
        <dd>
          <a href={`mailto:${member.email}`}>{member.email}</a>
        </dd>
        <dt>{t("phone")}</dt>
        <dd>{member.phone ? <a href={`tel:${member.phone}`}>{member.phone}</a> : <span className="muted">—</span>}</dd>
        <dt>{t("birthDate")}</dt>
        <dd>{member.birthDate ? format.calendarDate(member.birthDate) : <span className="muted">—</span>}</dd>
        <dt>{t("joined")}</dt>
        <dd>{format.calendarDate(member.joinedOn)}</dd>
        <dt>{t("notes")}</dt>
        <dd className="pre-line">{member.notes ?? <span className="muted">—</span>}</dd>
        <dt>{t("taxId")}</dt>
        <dd>{member.taxId ?? <span className="muted">—</span>}</dd>
        <dt>{t("address")}</dt>
        <dd>
          {member.address ? (
            [
              member.address.line,
              `${member.address.postalCode} ${member.address.city}`,
              member.address.province,
              member.address.country,
            ]
              .filter(Boolean)
              .join(", ")
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
        <dt>{t("updated")}</dt>
        <dd>{format.dateTime(member.updatedAt)}</dd>
      </dl>
    </section>
  );
}

function CurrentTermDetails({ term, queued }: { term: CurrentTerm; queued: SubscriptionRow | undefined }) {
  const t = useTranslations("members.detail.subscription");
  const periods = useTranslations("plans.periodInText");
  const format = useClubFormat();
  return (
    <>
      <p className="subscription-plan">{term.planName}</p>
      <p className="subscription-price">
        {format.money(term.price, term.currency)} <span className="muted">{periods(term.billingPeriod)}</span>
      </p>
      <dl className="definition-list">
        <dt>{t("started")}</dt>
        <dd>{format.dateTime(term.startedAt)}</dd>
        <dt>{t("ends")}</dt>
        <dd>{format.dateTime(term.endsAt)}</dd>
        <dt>{t("autoRenewal")}</dt>
        <dd>{term.autoRenew ? t("on") : t("off")}</dd>
      </dl>
      {queued && <p className="notice">{t("queued", { date: format.day(queued.startedAt) })}</p>}
    </>
  );
}

/** The term in force with what can be done to it, or the way to a new one. */
function SubscriptionCard({
  member,
  newest,
  allowed,
  open,
}: {
  member: MemberRecord;
  /** The first page of terms, newest first. */
  newest: readonly SubscriptionRow[] | undefined;
  allowed: MemberActions;
  open: Open;
}) {
  const t = useTranslations("members.detail.subscription");
  const format = useClubFormat();
  const termLook = useTermStatusLook();
  const current = member.currentSubscription;
  const queued = current
    ? newest?.find((term) => term.previousSubscriptionId === current.id && term.status === "active")
    : undefined;
  const last = newest?.[0];
  const lapsed = !current && last?.status === "expired" ? last : undefined;
  return (
    <section className="card subscription-card" aria-labelledby="subscription-heading">
      <div className="card-header">
        <h2 id="subscription-heading">{t("title")}</h2>
        {current && <StatusBadge look={termLook("active")} />}
      </div>
      {current ? (
        <CurrentTermDetails term={current} queued={queued} />
      ) : (
        <div className="card-empty">
          <p className="empty-state-title">{t("none")}</p>
          <p className="muted">
            {last
              ? t(last.status === "canceled" ? "lastCanceled" : "lastEnded", {
                  plan: last.planName,
                  date: format.day(last.canceledAt ?? last.endsAt),
                })
              : t("never")}
          </p>
        </div>
      )}
      <div className="card-actions">
        {current && allowed.changePlan && (
          <button type="button" className="button" onClick={() => open({ kind: "change-plan", term: current })}>
            {t("changePlan")}
          </button>
        )}
        {current && allowed.renew && !queued && (
          <button type="button" className="button" onClick={() => open({ kind: "renew", term: current })}>
            {t("renew")}
          </button>
        )}
        {current && allowed.cancel && (
          <button
            type="button"
            className="button button-danger-quiet"
            onClick={() => open({ kind: "cancel", term: current })}
          >
            {t("cancel")}
          </button>
        )}
        {!current && allowed.subscribe && (
          <button type="button" className="button button-primary" onClick={() => open({ kind: "subscribe" })}>
            {t("subscribe")}
          </button>
        )}
        {lapsed && allowed.renew && (
          <button type="button" className="button" onClick={() => open({ kind: "renew", term: lapsed })}>
            {t("renewPlan", { plan: lapsed.planName })}
          </button>
        )}
      </div>
    </section>
  );
}

function HistoryTable({
  history,
  onPage,
}: {
  history: ListQuery<Paginated<SubscriptionRow>>;
  onPage: (pageNumber: number) => void;
}) {
  const t = useTranslations("members.detail.history");
  const periods = useTranslations("plans.period");
  const format = useClubFormat();
  const termLook = useTermStatusLook();
  const headers = [
    t("columns.plan"),
    t("columns.period"),
    t("columns.price"),
    t("columns.started"),
    t("columns.ends"),
    t("columns.status"),
  ];
  return (
    <div className="history-list">
      <h2 className="section-title">{t("title")}</h2>
      <PagedTable
        label={t("title")}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        onPage={onPage}
        headers={headers}
        query={history}
        empty={<EmptyState title={t("empty")} />}
        row={(term) => (
          <tr key={term.id}>
            <td>
              <div className="cell-primary">{term.planName}</div>
              <div className="cell-secondary">{term.planCode}</div>
            </td>
            <td>{periods(term.billingPeriod)}</td>
            <td className="cell-money">
              {format.money(term.price, term.currency)}
              {term.prorationCredit && (
                <div className="cell-secondary">
                  {t("credit", { amount: format.money(term.prorationCredit, term.currency) })}
                </div>
              )}
            </td>
            <td className="cell-nowrap">{format.dateTime(term.startedAt)}</td>
            {/* A canceled term ended when it was canceled, not at the end it had. */}
            <td className="cell-nowrap">
              {term.canceledAt ? t("canceledOn", { day: format.day(term.canceledAt) }) : format.dateTime(term.endsAt)}
            </td>
            <td className="cell-end">
              <StatusBadge look={termLook(termStatus(term))} />
            </td>
          </tr>
        )}
      />
    </div>
  );
}

export function MemberDetail({
  memberId,
  allowed,
  limits,
}: {
  memberId: string;
  allowed: MemberActions;
  limits: FileLimits;
}) {
  const t = useTranslations("members.detail");
  const back = useMembersList();
  const api = useConsoleApi();
  const member = useQuery({ queryKey: ["members", "detail", memberId], queryFn: () => api.members.get(memberId) });
  // The card reads the newest terms (the one in force, a queued renewal, a lapsed one): always the first page.
  const newest = useQuery({
    queryKey: ["subscriptions", memberId, 1],
    queryFn: () => api.subscriptions.list(memberId, { pageNumber: 1 }),
    enabled: allowed.readSubscriptions,
  });
  const [history, setHistoryPage] = usePagedQuery(
    ["subscriptions", memberId],
    (pageNumber) => api.subscriptions.list(memberId, { pageNumber }),
    { enabled: allowed.readSubscriptions },
  );
  // A change shows in the member, their terms, the list, the statistics and the plans' subscription counts.
  const dialogs = useListDialogs<OpenDialog>([["members"], ["subscriptions", memberId], ["plans"]]);

  if (member.isPending) {
    return (
      <DetailSkeleton
        back={back}
        cards={[
          { label: t("loadingMember"), lines: 5 },
          { label: t("loadingSubscription"), lines: 4 },
        ]}
      />
    );
  }
  if (member.isError) {
    return (
      <DetailLoadFailure
        back={back}
        title={t("title")}
        goneMessage={t("gone")}
        error={member.error}
        onRetry={() => void member.refetch()}
      />
    );
  }
  return (
    <MemberPage
      record={member.data}
      allowed={allowed}
      limits={limits}
      newest={newest.data?.items}
      history={history}
      onHistoryPage={setHistoryPage}
      dialogs={dialogs}
    />
  );
}

function MemberPage({
  record,
  allowed,
  limits,
  newest,
  history,
  onHistoryPage,
  dialogs,
}: {
  record: MemberRecord;
  allowed: MemberActions;
  limits: FileLimits;
  newest: readonly SubscriptionRow[] | undefined;
  history: ListQuery<Paginated<SubscriptionRow>>;
  onHistoryPage: (pageNumber: number) => void;
  dialogs: ReturnType<typeof useListDialogs<OpenDialog>>;
}) {
  const t = useTranslations("members.detail");
  const format = useClubFormat();
  const statusLook = useMemberStatusLook();
  const back = useMembersList();
  const { dialog, close, done } = dialogs;
  const memberId = record.id;
  const photo = usePhotoChange(record, limits.photo);
  return (
    <>
      <BackLink to={back} />
      <PageHeader
        title={record.fullName}
        media={<MemberAvatar member={record} canRead={allowed.files.read} />}
        lead={
          <>
            <StatusBadge look={statusLook(record.status)} />{" "}
            {t("memberSince", { date: format.calendarDate(record.joinedOn) })}
          </>
        }
      >
        {allowed.files.write && photo.button}
        {allowed.edit && (
          <>
            <button type="button" className="button" onClick={() => dialogs.open({ kind: "edit" })}>
              {t("edit")}
            </button>
            <button type="button" className="button" onClick={() => dialogs.open({ kind: "status" })}>
              {t(record.status === "suspended" ? "liftSuspension" : "suspend")}
            </button>
          </>
        )}
        {allowed.remove && (
          <button type="button" className="button button-danger-quiet" onClick={() => dialogs.open({ kind: "delete" })}>
            {t("delete")}
          </button>
        )}
      </PageHeader>
      {dialogs.notice}
      {photo.panel}

      <div className="detail-grid">
        <ProfileCard member={record} />
        <SubscriptionCard member={record} newest={newest} allowed={allowed} open={dialogs.open} />
      </div>
      {allowed.readSubscriptions && <HistoryTable history={history} onPage={onHistoryPage} />}
      {allowed.billing.read && (
        <MemberBilling memberId={memberId} memberName={record.fullName} canWrite={allowed.billing.write} />
      )}
      {allowed.files.read && (
        <MemberDocuments
          memberId={memberId}
          memberName={record.fullName}
          allowed={{ upload: allowed.files.write, remove: allowed.files.remove, readUsers: allowed.files.readUsers }}
          limitBytes={limits.document}
        />
      )}

      {dialog?.kind === "edit" && (
        // Keyed by version: a reload after a refused save (someone else's change) starts the form from the new one.
        <MemberDialog key={record.version} member={record} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "status" && <StatusDialog member={record} onClose={close} onDone={done} />}
      {dialog?.kind === "delete" && <DeleteMemberDialog member={record} onClose={close} />}
      {dialog?.kind === "subscribe" && <SubscribeDialog memberId={memberId} onClose={close} onDone={done} />}
      {dialog?.kind === "change-plan" && (
        <ChangePlanDialog memberId={memberId} term={dialog.term} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "renew" && <RenewDialog memberId={memberId} term={dialog.term} onClose={close} onDone={done} />}
      {dialog?.kind === "cancel" && (
        <CancelDialog memberId={memberId} term={dialog.term} onClose={close} onDone={done} />
      )}
    </>
  );
}
