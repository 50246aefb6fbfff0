/**
 * One function per account endpoint (spec section 7, "Authentication and account"), typed from the
 * shared contract (contracts/auth.ts).
 */
import type { Language, Role } from '../../contracts/common';
import type {
  LoginResponse,
  NotificationPreferences,
  ProfileResponse,
  Tokens,
  User,
} from '../../contracts/auth';
import type { AuthOptions } from '../../contracts/account';
import { http } from './http';

export type { AuthOptions, Language, NotificationPreferences, ProfileResponse, Role, User };

export type TokenPair = Tokens;
/** What a successful login answers. */
export type SessionGrant = LoginResponse;
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

export const fetchProfile = (signal?: AbortSignal) => http.get<ProfileResponse>('/auth/profile', { signal });

/** Records the display language in the profile (PATCH /auth/profile {preferredLanguage}). */
export const saveLanguage = (preferredLanguage: Language, signal?: AbortSignal) =>
  http.patch<unknown>('/auth/profile', { preferredLanguage }, { signal });

/** Which sign-in methods the operator has turned on (OTP_LOGIN_ENABLED). */
export const getAuthOptions = (signal?: AbortSignal) => http.get<AuthOptions>('/auth/options', { anonymous: true, signal });

/** Asks for a login code by SMS; the answer is the same whether or not the number is registered. */
export const requestMobileOtp = (phoneNumber: string, signal?: AbortSignal) =>
  http.post<unknown>('/auth/mobile-otp-request', { phoneNumber }, { anonymous: true, signal });

/** Signs in with the SMS code: tokens, or a two-factor challenge when the account has 2FA on. */
export const verifyMobileOtp = (phoneNumber: string, otp: string, signal?: AbortSignal) =>
  http.post<LoginResult>('/auth/mobile-otp-verify', { phoneNumber, otp }, { anonymous: true, signal });

/** The second sign-in step: a TOTP or backup code for the challenge POST /auth/login answered with. */
export const loginWithSecondFactor = <TSession>(body: { challengeToken: string; code: string }, signal?: AbortSignal) =>
  http.post<TSession>('/auth/login/2fa', body, { signal, anonymous: true });
