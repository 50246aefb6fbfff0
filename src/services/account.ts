/** The account and security calls (spec section 7), one function each. */
import type { ActiveSession, AdminSignInAnswer, InviteAnswer, LoginHistoryEntry, TwoFactorSetup, TwoFactorStatus } from '../../contracts/account';
import type { NotificationPreferences, User } from '../../contracts/auth';
import type { CodeVersionResponse } from '../../contracts/health';
import { http } from './http';
import { sendOrQueue } from './outboxLater';
import type { Language } from '../../contracts/languages';
import type { Role } from '../../contracts/roles';

export type { ActiveSession, LoginHistoryEntry, NotificationPreferences, TwoFactorSetup, TwoFactorStatus };

export type { Language, Role };

/** The signed-in user's profile: the API's User without the administrative columns. */
export type Profile = Pick<
  User,
  '_id' | 'name' | 'email' | 'phoneNumber' | 'address' | 'village' | 'district' | 'state' | 'pincode' | 'preferredLanguage' | 'notificationPreferences' | 'profileImage' | 'role'
>;
export type ProfileField = { _id: string; fieldId: string; name: string };

/** What the profile form edits: every field the server accepts, as the form holds them. */
export type ProfileDraft = {
  name: string;
  email: string;
  phoneNumber: string;
  address: string;
  village: string;
  district: string;
  state: string;
  pincode: string;
  preferredLanguage: Language;
  notificationPreferences: NotificationPreferences;
  profileImage: string | null;
  /** Asked for when the e-mail or phone number changes; never stored in the profile. */
  currentPassword: string;
};

type Message = { english?: string; marathi?: string; hindi?: string };

export const getProfile = (signal?: AbortSignal) =>
  http.get<{ user: Profile; fields: ProfileField[] }>('/auth/profile', { signal });

/**
 * Saves the profile form (all of it). Offline, or with no answer, it waits in the outbox with its Idempotency-Key
 * (issue 17): `{ queued }`, and a later save replaces it there (services/outbox.ts). An edit that carries the
 * current password (a new e-mail or phone number) is never stored on the phone: it is sent now, or fails as before.
 */
export const updateProfile = ({ currentPassword, ...draft }: ProfileDraft) =>
  sendOrQueue<{ user: Profile }>(
    'profile',
    { method: 'patch', url: '/auth/profile', body: currentPassword ? { ...draft, currentPassword } : draft },
    draft.name,
    { storable: !currentPassword },
  );

export const changePassword = (body: { currentPassword: string; newPassword: string }, signal?: AbortSignal) =>
  http.post<{ success: true }>('/auth/change-password', body, { signal });

export const forgotPassword = (email: string, signal?: AbortSignal) =>
  http.post<{ success: true; message: Message }>('/auth/forgot-password', { email }, { signal, anonymous: true });

export const resetPassword = (body: { token: string; newPassword: string }, signal?: AbortSignal) =>
  http.post<{ success: true }>('/auth/reset-password', body, { signal, anonymous: true });

/** Forgot password by SMS: a 6-digit code to the number (the same answer whether or not it is registered). */
export const requestSmsReset = (phoneNumber: string, signal?: AbortSignal) =>
  http.post<{ success: true; message: Message }>('/auth/forgot-password-sms', { phoneNumber }, { signal, anonymous: true });

export const resetPasswordBySms = (body: { phoneNumber: string; code: string; newPassword: string }, signal?: AbortSignal) =>
  http.post<{ success: true }>('/auth/reset-password-sms', body, { signal, anonymous: true });

export const getTwoFactorStatus = (signal?: AbortSignal) => http.get<TwoFactorStatus>('/auth/2fa/status', { signal });
export const setupTwoFactor = (signal?: AbortSignal) => http.post<TwoFactorSetup>('/auth/2fa/setup', undefined, { signal });
export const verifyTwoFactor = (code: string, signal?: AbortSignal) =>
  http.post<{ success: true }>('/auth/2fa/verify', { code }, { signal });
export const disableTwoFactor = (proof: { code: string } | { password: string }, signal?: AbortSignal) =>
  http.post<{ success: true }>('/auth/2fa/disable', proof, { signal });
export const newBackupCodes = (code: string, signal?: AbortSignal) =>
  http.post<{ backupCodes: string[] }>('/auth/2fa/backup', { code }, { signal });

export const getLoginHistory = (signal?: AbortSignal) =>
  http.get<{ history: LoginHistoryEntry[] }>('/auth/login-history', { signal });
export const revokeSession = (sessionId: string, signal?: AbortSignal) =>
  http.delete<{ success: true }>(`/auth/sessions/${encodeURIComponent(sessionId)}`, { signal });
export const reportSuspicious = (loginId: string, signal?: AbortSignal) =>
  http.post<{ success: true }>(`/auth/suspicious/${encodeURIComponent(loginId)}`, undefined, { signal });

/** The second sign-in step lives in auth.ts (the session's first JavaScript does not carry this file). */
export { loginWithSecondFactor } from './auth';

/** The spec's debug call (served by the health module): which build is answering. */
export const getBuildInfo = (signal?: AbortSignal) => http.get<CodeVersionResponse>('/test-updated-code', { signal });

/** An administrator's view of another user's sign-in (GET /admin/users/:id/sign-in). */
export type AdminSignIn = AdminSignInAnswer;

export const getAdminSignIn = (userId: string, signal?: AbortSignal) =>
  http.get<AdminSignIn>(`/admin/users/${encodeURIComponent(userId)}/sign-in`, { signal });

export const clearSignInThrottle = (userId: string, signal?: AbortSignal) =>
  http.post<{ success: true }>(`/admin/users/${encodeURIComponent(userId)}/sign-in/clear`, {}, { signal });

export const endUserSessions = (userId: string, signal?: AbortSignal) =>
  http.post<{ success: true; ended: number }>(`/admin/users/${encodeURIComponent(userId)}/sessions/end`, {}, { signal });

/** Superadmins: a staff member's new role (admin or coordinator); their sessions end. */
export const changeUserRole = (userId: string, role: 'admin' | 'coordinator', signal?: AbortSignal) =>
  http.patch<{ success: true; ended: number }>(`/admin/users/${encodeURIComponent(userId)}/role`, { role }, { signal });

/** Removes the user's two-factor sign-in (they set it up again); their sessions end. */
export const resetUserTwoFactor = (userId: string, signal?: AbortSignal) =>
  http.post<{ success: true; ended: number }>(`/admin/users/${encodeURIComponent(userId)}/two-factor/reset`, {}, { signal });

/** A first sign-in invitation: a set-password link by SMS and e-mail. */
export const inviteUser = (userId: string, signal?: AbortSignal) =>
  http.post<InviteAnswer>(`/admin/users/${encodeURIComponent(userId)}/invite`, {}, { signal });
