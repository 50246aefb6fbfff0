/**
 * The audit trail (issue 19): every staff action, who did it, when, from where and what changed. The action
 * and target lists are the only ones the server writes and the browser filters on.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literals';
import { Pagination, Uuid } from './common';
import { Role } from './roles';

export const AUDIT_ACTIONS = [
  'user.create',
  'user.edit',
  'user.deactivate',
  'user.invite',
  'user.role',
  'twoFactor.reset',
  'farmer.reassign',
  'farmers.import',
  'farmers.export',
  'readings.export',
  'deliveries.export',
  'field.create',
  'field.locate',
  'field.edit',
  'alert.acknowledge',
  'alert.assign',
  'alert.clear',
  'signIn.clear',
  'sessions.end',
  'deviceKey.issue',
  'deviceKey.revoke',
  'audit.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AuditActionSchema = literalUnion(AUDIT_ACTIONS);

export const AUDIT_TARGETS = ['user', 'farmers', 'field', 'alert', 'sensor', 'audit', 'deliveries'] as const;
export type AuditTargetType = (typeof AUDIT_TARGETS)[number];
export const AuditTargetSchema = literalUnion(AUDIT_TARGETS);

/** The largest page the list answers (a bigger `limit` is a 400). */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_SIZE = 20;

const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
/** What changed: each changed field with its value before and after (secrets never; see server/src/lib/audit.ts). */
export const AuditChanges = Type.Record(Type.String(), Type.Object({ before: Value, after: Value }));
export type AuditChanges = Static<typeof AuditChanges>;

export const AuditFilter = {
  actor: Type.Optional(Uuid),
  action: Type.Optional(AuditActionSchema),
  targetType: Type.Optional(AuditTargetSchema),
  targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
};

export const AuditQuery = Type.Object(
  {
    ...AuditFilter,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;
export const AuditExportQuery = Type.Object(AuditFilter, { additionalProperties: false });
export type AuditExportQuery = Static<typeof AuditExportQuery>;

export const AuditEntry = Type.Object({
  _id: Uuid,
  createdAt: Type.String(),
  actor: Type.Object({ _id: Uuid, name: Type.Union([Type.String(), Type.Null()]), role: Role }),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  action: AuditActionSchema,
  target: Type.Object({ type: AuditTargetSchema, id: Type.Union([Type.String(), Type.Null()]), name: Type.Union([Type.String(), Type.Null()]) }),
  changes: AuditChanges,
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Type.Object({ entries: Type.Array(AuditEntry), pagination: Pagination });
export type AuditPage = Static<typeof AuditPage>;

/** The people the actor filter offers: staff who have entries the caller may see. */
export const AuditActors = Type.Object({ actors: Type.Array(Type.Object({ _id: Uuid, name: Type.String(), role: Role })) });
export type AuditActors = Static<typeof AuditActors>;
