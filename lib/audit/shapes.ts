import { z } from "zod";
import { instant, type JsonOf, nameSchemas, pageOf, type SameShape } from "@/lib/platform/http/shapes";
import type { AuditActorChoice } from "./actors";
import { AUDIT_SUBJECT_KINDS } from "./names";
import { AUDIT_SEVERITIES, type AuditLogItem } from "./query";

/** How the API answers the audit trail, for the API reference; `npx tsc` fails when it drifts from AuditLogItem. */
const auditLogItemShape = z.object({
  id: z.string().meta({ format: "uuid" }),
  occurredAt: instant(),
  action: z.string().meta({ examples: ["personnel.manual_checkin"] }),
  severity: z.enum(AUDIT_SEVERITIES),
  actorId: z.string().nullable().meta({ description: "The acting user's id; null for the system." }),
  actor: z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      employeeId: z.string().nullable().meta({
        description: "The acting user's employee record, when they are an employee (the console links to it).",
      }),
    })
    .meta({
      id: "AuditActor",
      description: "The acting user, resolved from the users table; null for the system or an id no user has.",
    })
    .nullable(),
  entity: z.string().meta({ examples: ["employee_checkin"] }),
  entityId: z.string().nullable(),
  subject: z
    .object({
      kind: z.enum(AUDIT_SUBJECT_KINDS),
      id: z.string(),
      name: z.string().meta({ examples: ["Andrés Romero"] }),
    })
    .meta({
      id: "AuditSubject",
      description:
        "Who or what the entry is about, named as the record is now: the entity itself, or for a subscription its member and for an attendance request its employee. Null when the entry names no record or the record is gone.",
    })
    .nullable(),
  data: z.record(z.string(), z.unknown()).meta({ description: "What the entry recorded, as the module wrote it." }),
  traceId: z.string().nullable(),
});

export const auditLogPageShape = pageOf(auditLogItemShape);
export const auditActionsShape = z.object({
  items: z.array(z.string()).meta({ examples: [["auth.login", "personnel.clock_in"]] }),
});

const auditActorChoiceShape = z.object({
  id: z.string().meta({ format: "uuid" }),
  name: z.string().meta({ examples: ["Andrés Romero"] }),
  email: z.string(),
});
export const auditActorsShape = z.object({ items: z.array(auditActorChoiceShape) });

const choiceIsExact: SameShape<z.output<typeof auditActorChoiceShape>, JsonOf<AuditActorChoice>> = true;
void choiceIsExact;

const itemIsExact: SameShape<z.output<typeof auditLogItemShape>, JsonOf<AuditLogItem>> = true;
void itemIsExact;

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [auditLogItemShape, "AuditLogEntry"],
  [auditActionsShape, "AuditActions"],
  [auditActorChoiceShape, "AuditActorChoice"],
]);
