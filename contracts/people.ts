/** Farmer and coordinator management shapes (spec sections 3 and 7). */
import { Type, type Static } from 'typebox';
import { PageQuery, Pagination } from './common';
import { PHONE_PATTERN } from './contactRules';

export const FarmerListQuery = Type.Object(
  {
    ...PageQuery,
    search: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('active'), Type.Literal('inactive'), Type.Literal('alert')])),
  },
  { additionalProperties: false },
);
export type FarmerListQuery = Static<typeof FarmerListQuery>;

export const CoordinatorListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    /** The coordinators table pages on the client, so one call may carry up to 500. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 500 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const nullableString = Type.Union([Type.String(), Type.Null()]);
const UserStatus = Type.Union([Type.Literal('Active'), Type.Literal('Inactive')]);

export const FarmerRow = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: nullableString,
  village: nullableString,
  district: nullableString,
  status: UserStatus,
  coordinator: nullableString,
  coordinatorName: nullableString,
  lastActive: Type.Union([Type.String(), Type.Null()]),
  fieldCount: Type.Integer(),
  hasOpenAlert: Type.Boolean(),
});
export type FarmerRow = Static<typeof FarmerRow>;
export const FarmerList = Type.Object({ farmers: Type.Array(FarmerRow), pagination: Pagination });
export type FarmerList = Static<typeof FarmerList>;

export const CoordinatorRow = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: nullableString,
  status: UserStatus,
  farmerCount: Type.Integer(),
});
export type CoordinatorRow = Static<typeof CoordinatorRow>;
export const CoordinatorList = Type.Object({ coordinators: Type.Array(CoordinatorRow), pagination: Pagination });
export type CoordinatorList = Static<typeof CoordinatorList>;

/** GET /admin/admins (superadmins): the administrators, so a superadmin can change one's role (issue 19). */
export const AdminListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AdminListQuery = Static<typeof AdminListQuery>;
export const AdminRow = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: nullableString,
  role: Type.Union([Type.Literal('superadmin'), Type.Literal('admin')]),
  status: UserStatus,
});
export type AdminRow = Static<typeof AdminRow>;
export const AdminList = Type.Object({ admins: Type.Array(AdminRow), pagination: Pagination });
export type AdminList = Static<typeof AdminList>;

export const CoordinatorChoice = Type.Object({ _id: Type.String(), name: Type.String(), email: Type.String() });
export type CoordinatorChoice = Static<typeof CoordinatorChoice>;
export const CoordinatorChoices = Type.Object({ users: Type.Array(CoordinatorChoice) });

export const PersonEdit = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Type.String({ format: 'email', maxLength: 200 }),
    phoneNumber: Type.String({ pattern: PHONE_PATTERN }),
    status: Type.Optional(UserStatus),
  },
  { additionalProperties: false },
);
export type PersonEdit = Static<typeof PersonEdit>;

export const AssignCoordinator = Type.Object({ coordinatorId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

export const ImportReport = Type.Object({
  imported: Type.Integer(),
  rejectedCount: Type.Integer(),
  rejected: Type.Array(
    Type.Object({ line: Type.Integer(), name: Type.String(), email: Type.String(), reasons: Type.Array(Type.String()) }),
  ),
  /** CSV text of the rejected rows with reasons, ready to download; null when none were rejected. */
  report: Type.Union([Type.String(), Type.Null()]),
  /** Imported active farmers sent a set-password invitation (SMS and e-mail). */
  invited: Type.Integer(),
});
export type ImportReport = Static<typeof ImportReport>;

export const Ok = Type.Object({ success: Type.Boolean() });
