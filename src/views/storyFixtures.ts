/** People and sessions for stories (and tests): complete API shapes, so screens see what the server sends. */
import { fromCallback, fromPromise } from 'xstate';
import type { ProfileResponse, User } from '../../contracts/auth';
import type { Role } from '../../contracts/common';
import type { BridgeEvent } from '@/machines/session.actors';
import type { SessionInput } from '@/machines/session.machine';

/**
 * Session actors for stories: no auth bridge (the HTTP client is left alone) and a session check
 * that never answers, so a story shows exactly the user it was given.
 */
export const storySessionActors = {
  authBridge: fromCallback<BridgeEvent, { accessToken: string | null }>(() => () => {}),
  loadProfile: fromPromise<ProfileResponse>(() => new Promise(() => {})),
};

export function demoUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    _id: `00000000-0000-4000-8000-00000000000${['superadmin', 'admin', 'coordinator', 'farmer'].indexOf(role) + 1}`,
    name: 'सुनीता पाटील',
    email: `${role}@example.in`,
    phoneNumber: '9822012345',
    address: null,
    village: 'वडगाव',
    district: 'पुणे',
    state: 'महाराष्ट्र',
    pincode: '412101',
    preferredLanguage: 'marathi',
    notificationPreferences: { email: true, sms: true, push: true, alerts: true, reports: true },
    profileImage: null,
    role,
    managedBy: null,
    status: 'Active',
    lastActive: null,
    createdAt: '2026-01-15T05:30:00.000Z',
    ...overrides,
  };
}

/** Session input for a user who is already signed in (tokens and user as local storage holds them). */
export const signedIn = (user: User, n = 1): SessionInput => ({ stored: { accessToken: `access-${n}`, refreshToken: `refresh-${n}`, user } });
