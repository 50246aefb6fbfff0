/** The people: a superadmin, an admin, two coordinators and 20 farmers (two of them inactive). */
import { users } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_FARMER_PHONE } from '../demoAccounts';
import { FARMER_NAMES, VILLAGES } from '../places';
import { STEP_MS } from '../series';
import { DAY, type DemoWorld, type UserRow } from './world';

export type DemoPeople = { superadmin: UserRow; admin: UserRow; coordinators: UserRow[]; farmers: UserRow[] };

/** The first ten farmers (and their villages' fields) are managed by the first coordinator, the rest by the second. */
export const coordinatorOf = (coordinators: UserRow[], villageIndex: number) => coordinators[villageIndex < 10 ? 0 : 1];

export async function writeUsers({ db, rng, passwordHash, start, end }: DemoWorld): Promise<DemoPeople> {
  const staff = (email: string, name: string, role: UserRow['role'], district: string): UserRow => ({
    id: rng.uuid(), name, email, passwordHash, role, district, state: 'Maharashtra', preferredLanguage: 'marathi',
    phoneNumber: `9${String(rng.int(100_000_000, 999_999_999))}`, lastActiveAt: new Date(end - rng.int(1, 48) * STEP_MS),
    createdAt: new Date(start - 200 * DAY),
  });
  const superadmin = staff(DEMO_ACCOUNTS.superadmin, 'शेतमित्र प्रशासक', 'superadmin', 'Pune');
  const admin = staff(DEMO_ACCOUNTS.admin, 'अश्विनी कुलकर्णी', 'admin', 'Pune');
  const coordinators = [
    staff(DEMO_ACCOUNTS.coordinator, 'सुनील पाटील', 'coordinator', 'Pune'),
    staff(DEMO_ACCOUNTS.coordinator2, 'मेघा देशपांडे', 'coordinator', 'Chhatrapati Sambhajinagar'),
  ];
  const farmers: UserRow[] = VILLAGES.map((v, i) => ({
    id: rng.uuid(),
    name: FARMER_NAMES[i],
    email: i === 0 ? DEMO_ACCOUNTS.farmer : `farmer${String(i + 1).padStart(2, '0')}@shetmitra.in`,
    passwordHash,
    role: 'farmer',
    managedBy: coordinatorOf(coordinators, i).id!,
    phoneNumber: `${rng.pick(['9', '8', '7'])}${String(rng.int(100_000_000, 999_999_999))}`,
    address: `मु. पो. ${v.village}`,
    village: v.village,
    district: v.district,
    state: 'Maharashtra',
    pincode: v.pincode,
    preferredLanguage: 'marathi',
    // Two farmers have left the programme.
    status: i === 13 || i === 18 ? 'Inactive' : 'Active',
    lastActiveAt: new Date(end - rng.int(1, 200) * STEP_MS),
    createdAt: new Date(start - rng.int(60, 180) * DAY),
  }));
  // A known number for the demo farmer (README: OTP sign-in); drawn above all the same, so the rest
  // of the demo world does not move.
  farmers[0].phoneNumber = DEMO_FARMER_PHONE;
  await db.insert(users).values([superadmin, admin, ...coordinators]);
  await db.insert(users).values(farmers);
  return { superadmin, admin, coordinators, farmers };
}
