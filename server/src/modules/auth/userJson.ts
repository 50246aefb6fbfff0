/** The API's User (spec section 3): `_id`, never the password hash. Other modules reuse it. */
import type { users } from '../../db/schema';
import type { User } from '../../../../contracts/auth';

type UserRow = typeof users.$inferSelect;

export const toUserJson = (u: UserRow): User => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  phoneNumber: u.phoneNumber,
  address: u.address,
  village: u.village,
  district: u.district,
  state: u.state,
  pincode: u.pincode,
  preferredLanguage: u.preferredLanguage,
  notificationPreferences: u.notificationPreferences,
  profileImage: u.profileImage,
  role: u.role,
  managedBy: u.managedBy,
  status: u.status,
  lastActive: u.lastActiveAt ? u.lastActiveAt.toISOString() : null,
  createdAt: u.createdAt.toISOString(),
});
