"use client";

import { useQuery } from "@tanstack/react-query";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, SubscriptionRow } from "@/console/club-api";
import {
  BILLING_PERIODS,
  formatCalendarDate,
  formatDateTime,
  formatDay,
  formatMoney,
  MEMBER_STATUSES,
  type StatusLook,
  SUBSCRIPTION_STATUSES,
} from "@/console/format";
import { BackLink, DetailLoadFailure, DetailSkeleton, type ParentList } from "@/console/ui/detail-page";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
import { type ListQuery, PagedTable, PageHeader, useListDialogs, usePagedQuery } from "@/console/ui/list-page";
import type { Paginated } from "@/lib/platform/pagination";
import { MemberDialog } from "../member-form";
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

const UPCOMING: StatusLook = { label: "Upcoming", badge: "badge-neutral" };

/** A term's status, telling a renewal queued to start later from the term in force. */
const termLook = (term: SubscriptionRow) =>
  term.status === "active" && Date.parse(term.startedAt) > Date.now() ? UPCOMING : SUBSCRIPTION_STATUSES[term.status];

const MEMBERS: ParentList = { href: "/members", label: "Members" };

function ProfileCard({ member }: { member: MemberRecord }) {
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <dl className="definition-list">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${member.email}`}>{member.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{member.phone ?? <span className="muted">—</span>}</dd>
        <dt>Birth date</dt>
        <dd>{member.birthDate ? formatCalendarDate(member.birthDate) : <span className="muted">—</span>}</dd>
        <dt>Joined</dt>
        <dd>{formatCalendarDate(member.joinedOn)}</dd>
        <dt>Notes</dt>
        <dd className="pre-line">{member.notes ?? <span className="muted">—</span>}</dd>
        <dt>Last changed</dt>
        <dd>{formatDateTime(member.updatedAt)}</dd>
      </dl>
    </section>
  );
}

function CurrentTermDetails({ term, queued }: { term: CurrentTerm; queued: SubscriptionRow | undefined }) {
  return (
    <>
      <p className="subscription-plan">{term.planName}</p>
      <p className="subscription-price">
        {formatMoney(term.price, term.currency)}{" "}
        <span className="muted">{BILLING_PERIODS[term.billingPeriod].toLowerCase()}</span>
      </p>
      <dl className="definition-list">
        <dt>Started</dt>
        <dd>{formatDateTime(term.startedAt)}</dd>
        <dt>Ends</dt>
        <dd>{formatDateTime(term.endsAt)}</dd>
        <dt>Auto-renewal</dt>
        <dd>{term.autoRenew ? "On" : "Off"}</dd>
      </dl>
      {queued && <p className="notice">Already renewed: the next term starts on {formatDay(queued.startedAt)}.</p>}
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
  const current = member.currentSubscription;
  const queued = current
    ? newest?.find((term) => term.previousSubscriptionId === current.id && term.status === "active")
    : undefined;
  const last = newest?.[0];
  const lapsed = !current && last?.status === "expired" ? last : undefined;
  return (
    <section className="card subscription-card" aria-labelledby="subscription-heading">
      <div className="card-header">
        <h2 id="subscription-heading">Current subscription</h2>
        {current && <StatusBadge look={SUBSCRIPTION_STATUSES.active} />}
      </div>
      {current ? (
        <CurrentTermDetails term={current} queued={queued} />
      ) : (
        <div className="card-empty">
          <p className="empty-state-title">No subscription in force</p>
          <p className="muted">
            {last
              ? `The last one, ${last.planName}, ${last.status === "canceled" ? "was canceled" : "ended"} on ${formatDay(last.canceledAt ?? last.endsAt)}.`
              : "They have not subscribed to a plan yet."}
          </p>
        </div>
      )}
      <div className="card-actions">
        {current && allowed.changePlan && (
          <button type="button" className="button" onClick={() => open({ kind: "change-plan", term: current })}>
            Change plan
          </button>
        )}
        {current && allowed.renew && !queued && (
          <button type="button" className="button" onClick={() => open({ kind: "renew", term: current })}>
            Renew
          </button>
        )}
        {current && allowed.cancel && (
          <button
            type="button"
            className="button button-danger-quiet"
            onClick={() => open({ kind: "cancel", term: current })}
          >
            Cancel subscription
          </button>
        )}
        {!current && allowed.subscribe && (
          <button type="button" className="button button-primary" onClick={() => open({ kind: "subscribe" })}>
            Subscribe
          </button>
        )}
        {lapsed && allowed.renew && (
          <button type="button" className="button" onClick={() => open({ kind: "renew", term: lapsed })}>
            Renew {lapsed.planName}
          </button>
        )}
      </div>
    </section>
  );
}

const HISTORY_HEADERS = ["Plan", "Period", "Price", "Started", "Ends", "Status"];

function HistoryTable({
  history,
  onPage,
}: {
  history: ListQuery<Paginated<SubscriptionRow>>;
  onPage: (pageNumber: number) => void;
}) {
  return (
    <>
      <h2 className="section-title">Subscription history</h2>
      <PagedTable
        label="Subscription history"
        noun={{ one: "term", other: "terms" }}
        onPage={onPage}
        headers={HISTORY_HEADERS}
        query={history}
        empty={<EmptyState title="No subscriptions yet" />}
        row={(term) => (
          <tr key={term.id}>
            <td>
              <div className="cell-primary">{term.planName}</div>
              <div className="cell-secondary">{term.planCode}</div>
            </td>
            <td>{BILLING_PERIODS[term.billingPeriod]}</td>
            <td className="cell-money">
              {formatMoney(term.price, term.currency)}
              {term.prorationCredit && (
                <div className="cell-secondary">Credit {formatMoney(term.prorationCredit, term.currency)}</div>
              )}
            </td>
            <td className="cell-nowrap">{formatDateTime(term.startedAt)}</td>
            {/* A canceled term ended when it was canceled, not at the end it had. */}
            <td className="cell-nowrap">
              {term.canceledAt ? `Canceled on ${formatDay(term.canceledAt)}` : formatDateTime(term.endsAt)}
            </td>
            <td className="cell-end">
              <StatusBadge look={termLook(term)} />
            </td>
          </tr>
        )}
      />
    </>
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
        back={MEMBERS}
        cards={[
          { label: "Loading the member…", lines: 5 },
          { label: "Loading the subscription…", lines: 4 },
        ]}
      />
    );
  }
  if (member.isError) {
    return (
      <DetailLoadFailure
        back={MEMBERS}
        title="Member"
        goneMessage="This member does not exist, or has been deleted."
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
  const { dialog, close, done } = dialogs;
  const memberId = record.id;
  const photo = usePhotoChange(record, limits.photo);
  return (
    <>
      <BackLink to={MEMBERS} />
      <PageHeader
        title={record.fullName}
        media={<MemberAvatar member={record} canRead={allowed.files.read} />}
        lead={
          <>
            <StatusBadge look={MEMBER_STATUSES[record.status]} /> Member since {formatCalendarDate(record.joinedOn)}
          </>
        }
      >
        {allowed.files.write && photo.button}
        {allowed.edit && (
          <>
            <button type="button" className="button" onClick={() => dialogs.open({ kind: "edit" })}>
              Edit
            </button>
            <button type="button" className="button" onClick={() => dialogs.open({ kind: "status" })}>
              {record.status === "suspended" ? "Lift suspension" : "Suspend"}
            </button>
          </>
        )}
        {allowed.remove && (
          <button type="button" className="button button-danger-quiet" onClick={() => dialogs.open({ kind: "delete" })}>
            Delete
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
