/**
 * One function per account endpoint (spec section 7, "Authentication and account").
 * The shapes follow spec section 3 until server/src/contracts/auth.ts lands; then these become `import type`.
 */
import type { Language, Role } from '../../server/src/contracts/common';
import { http } from './http';

export type { Language, Role };

export type NotificationPreferences = { email: boolean; sms: boolean; push: boolean; alerts: boolean; reports: boolean };

export type User = {
  _id: string;
  name: string;
  email: string;
  role: Role;
  preferredLanguage: Language;
  phoneNumber?: string | null;
  address?: string | null;
  village?: string | null;
  district?: string | null;
  state?: string | null;
  pincode?: string | null;
  managedBy?: string | null;
  notificationPreferences?: NotificationPreferences;
  profileImage?: string | null;
};

export type TokenPair = { accessToken: string; refreshToken: string };
/** What a successful login (or register) answers. */
export type SessionGrant = TokenPair & { user: User };
/** The second login step's opening: the server wants a 2FA code before it grants a session. */
export type TwoFactorChallenge = { twoFactorRequired: true; challengeToken: string };
export type LoginResult = SessionGrant | TwoFactorChallenge;

export const isSessionGrant = (r: LoginResult): r is SessionGrant =>
  typeof (r as SessionGrant).accessToken === 'string' && typeof (r as SessionGrant).refreshToken === 'string';

export const login = (email: string, password: string, signal?: AbortSignal) =>
  http.post<LoginResult>('/auth/login', { email, password }, { anonymous: true, signal });

export const refreshTokens = (refreshToken: string, signal?: AbortSignal) =>
  http.post<TokenPair>('/auth/refresh-token', { refreshToken }, { anonymous: true, signal });

export const logout = (refreshToken: string, signal?: AbortSignal) =>
  http.post<unknown>('/auth/logout', { refreshToken }, { signal });

export const fetchProfile = (signal?: AbortSignal) =>
  http.get<{ user: User; fields: unknown[] }>('/auth/profile', { signal });
