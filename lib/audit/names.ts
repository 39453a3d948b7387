import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import {
  attendanceRequests,
  employees,
  files,
  holidayLists,
  mailOutbox,
  members,
  plans,
  roles,
  shiftTypes,
  subscriptions,
  users,
} from "@/lib/platform/db/schema";

/** The acting user as the viewer names and links them: their employee record, when they have one, has a page. */
export type AuditActor = { id: string; name: string; email: string; employeeId: string | null };

/** The kinds of record an entry's subject can be; each has a page (or a list) in the console. */
export const AUDIT_SUBJECT_KINDS = [
  "user",
  "member",
  "employee",
  "plan",
  "role",
  "holiday_list",
  "shift_type",
  "file",
  "mail",
] as const;
type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/**
 * Who or what an entry is about, named as it is now: a subscription's entries are about its member, an attendance
 * request's about its employee.
 */
export type AuditSubject = { kind: AuditSubjectKind; id: string; name: string };

/** An entry's reference to a record: its entity and id, as the trail stores them. */
type EntityRef = { entity: string; entityId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
const memberName = sql<string>`${members.firstName} || ' ' || ${members.lastName}`;

type Found = { key: string; kind: AuditSubjectKind; id: string; name: string };

/**
 * One lookup per kind of record on the page, each for all of that kind's ids at once (a page of 25 entries costs
 * at most one query per entity kind present, never one per entry). Keyed by `entity:entityId`.
 */
const LOOKUPS: Readonly<Record<string, (db: Executor, ids: string[]) => Promise<Omit<Found, "key">[]>>> = {
  user: (db, ids) =>
    db
      .select({ id: users.id, name: fullName })
      .from(users)
      .where(inArray(users.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "user" as const, ...row }))),
  member: (db, ids) =>
    db
      .select({ id: members.id, name: memberName })
      .from(members)
      .where(inArray(members.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "member" as const, ...row }))),
  employee: (db, ids) =>
    db
      .select({ id: employees.id, name: fullName })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(inArray(employees.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "employee" as const, ...row }))),
  plan: (db, ids) =>
    db
      .select({ id: plans.id, name: plans.name })
      .from(plans)
      .where(inArray(plans.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "plan" as const, ...row }))),
  role: (db, ids) =>
    db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "role" as const, ...row }))),
  holiday_list: (db, ids) =>
    db
      .select({ id: holidayLists.id, name: holidayLists.name })
      .from(holidayLists)
      .where(inArray(holidayLists.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "holiday_list" as const, ...row }))),
  shift_type: (db, ids) =>
    db
      .select({ id: shiftTypes.id, name: shiftTypes.name })
      .from(shiftTypes)
      .where(inArray(shiftTypes.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "shift_type" as const, ...row }))),
  file: (db, ids) =>
    db
      .select({ id: files.id, name: files.fileName })
      .from(files)
      .where(inArray(files.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "file" as const, ...row }))),
  mail: (db, ids) =>
    db
      .select({ id: mailOutbox.id, name: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids))
      .then((rows) => rows.map((row) => ({ kind: "mail" as const, ...row }))),
};

/** Entities whose entries are about another record: the lookup answers with that record. */
const VIA: Readonly<Record<string, (db: Executor, ids: string[]) => Promise<Found[]>>> = {
  subscription: (db, ids) =>
    db
      .select({ via: subscriptions.id, id: members.id, name: memberName })
      .from(subscriptions)
      .innerJoin(members, eq(members.id, subscriptions.memberId))
      .where(inArray(subscriptions.id, ids))
      .then((rows) => rows.map(({ via, ...row }) => ({ key: `subscription:${via}`, kind: "member" as const, ...row }))),
  attendance_request: (db, ids) =>
    db
      .select({ via: attendanceRequests.id, id: employees.id, name: fullName })
      .from(attendanceRequests)
      .innerJoin(employees, eq(employees.id, attendanceRequests.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(inArray(attendanceRequests.id, ids))
      .then((rows) =>
        rows.map(({ via, ...row }) => ({ key: `attendance_request:${via}`, kind: "employee" as const, ...row })),
      ),
};

/** The subjects of a page of entries, by `entity:entityId`; records that are gone (or ids that are no uuid) are absent. */
export async function subjectsOf(db: Executor, refs: readonly EntityRef[]): Promise<Map<string, AuditSubject>> {
  const idsByEntity = new Map<string, Set<string>>();
  for (const { entity, entityId } of refs) {
    if (entityId === null || !UUID.test(entityId) || !(entity in LOOKUPS || entity in VIA)) continue;
    idsByEntity.set(entity, (idsByEntity.get(entity) ?? new Set()).add(entityId));
  }
  const found = await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      const via = VIA[entity];
      if (via) return via(db, [...ids]);
      const rows = (await LOOKUPS[entity]?.(db, [...ids])) ?? [];
      return rows.map((row) => ({ key: `${entity}:${row.id}`, ...row }));
    }),
  );
  return new Map(found.flat().map(({ key, ...subject }) => [key, subject]));
}

export const subjectKey = ({ entity, entityId }: EntityRef) => `${entity}:${entityId}`;

/** One query for the page's actors; ids that are not user ids (the system, a test's "admin-1") stay unresolved. */
export async function actorsById(db: Executor, actorIds: readonly (string | null)[]): Promise<Map<string, AuditActor>> {
  const ids = [...new Set(actorIds.filter((id): id is string => id !== null && UUID.test(id)))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: fullName, email: users.email, employeeId: employees.id })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(found.map((actor) => [actor.id, actor]));
}
