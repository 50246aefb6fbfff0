/** The four roles (spec section 1) and the groups the rules name; users.role is built from ROLES. */
import type { Static } from 'typebox';
import { literalUnion } from './literals';

export const ROLES = ['superadmin', 'admin', 'coordinator', 'farmer'] as const;
export const Role = literalUnion(ROLES);
export type Role = Static<typeof Role>;

/** Everyone who works on the staff screens (not a farmer). */
export const STAFF_ROLES = ['superadmin', 'admin', 'coordinator'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The administrators (superadmin and admin). */
export const ADMIN_ROLES = ['superadmin', 'admin'] as const satisfies readonly Role[];
/** The roles a user can be created with (nobody creates a superadmin through the API). */
export const ADDABLE_ROLES = ['admin', 'coordinator', 'farmer'] as const satisfies readonly Role[];
export type AddableRole = (typeof ADDABLE_ROLES)[number];
