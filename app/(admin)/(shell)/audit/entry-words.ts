import type { AuditLogRow } from "@/console/club-api";
import type { ClubFormat } from "@/console/i18n/format";

/** An action code as its sentence's key in messages/<language>/audit.json: `members.created` → `sentences.members.created`. */
export function sentenceKeyOf(action: string): string | null {
  return /^[a-z]+\.[a-z_]+$/.test(action) ? `sentences.${action}` : null;
}

/** The pages a viewer may open, by the permissions the page was given. */
export type LinkableKinds = Readonly<Partial<Record<string, boolean>>>;

/** The console page of an entry's subject (or of an employee acting), when there is one the viewer may open. */
export function subjectHref(kind: string, id: string, linkable: LinkableKinds): string | null {
  if (!linkable[kind]) return null;
  switch (kind) {
    case "member":
      return `/members/${id}`;
    case "employee":
      return `/employees/${id}`;
    case "mail":
      return `/mail/${id}`;
    case "plan":
      return "/plans";
    case "role":
      return "/roles";
    case "holiday_list":
      return "/holiday-lists";
    default:
      return null;
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the sentences need from the viewer's language: fixed words, and the words for a job's and a status's code. */
type SentenceWords = {
  system: string;
  someone: string;
  /** "a member", for a subject the trail no longer finds (a deleted member). */
  entityNoun: (entity: string) => string;
  jobTitle: (name: string) => string;
  memberStatus: (status: string) => string;
};

/**
 * Every argument any sentence takes (ICU ignores the ones a sentence does not use): names of who acted and of the
 * subject, and the day, time, status, count, job and email an entry's data holds, in the club's formats.
 */
export function sentenceValues(
  entry: AuditLogRow,
  format: ClubFormat,
  words: SentenceWords,
): Record<string, string | number> {
  const { data } = entry;
  const actorName = entry.actor?.name ?? (entry.actorId === null ? words.system : words.someone);
  // A subject that is gone is named by what the entry kept (a deleted list's name), else by its kind.
  const subjectName = entry.subject?.name ?? text(data.name) ?? text(data.email) ?? words.entityNoun(entry.entity);
  const date = text(data.date);
  const clocked = text(data.occurredAt) ?? entry.occurredAt;
  const status = text(data.to);
  const self =
    (entry.actor?.employeeId != null && entry.actor.employeeId === entry.subject?.id) ||
    (entry.actorId !== null && entry.actorId === entry.entityId);
  return {
    action: entry.action,
    actorName,
    subjectName,
    date: date && CALENDAR_DATE.test(date) ? format.calendarDate(date) : "",
    time: format.time(clocked),
    status: status ? words.memberStatus(status) : "",
    count: typeof data.count === "number" ? data.count : 0,
    job: entry.entity === "job" && entry.entityId ? words.jobTitle(entry.entityId) : "",
    email: text(data.to) ?? "",
    self: self ? "yes" : "no",
  };
}
