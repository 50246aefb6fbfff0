/**
 * Account and security API shapes (spec section 7, Authentication and account).
 */
import { Type, type Static } from 'typebox';
import { NotificationPreferences, User } from './auth';
import { Language, Translated, Uuid } from './common';
import { EMAIL_PATTERN, PHONE_PATTERN } from './contactRules';

/** The fields PATCH /auth/profile accepts, and nothing else (never role or managedBy). */
export const PROFILE_FIELDS = [
  'name',
  'email',
  'phoneNumber',
  'address',
  'village',
  'district',
  'state',
  'pincode',
  'preferredLanguage',
  'notificationPreferences',
  'profileImage',
  'currentPassword',
] as const;

const text = (maxLength: number) => Type.String({ maxLength });
/** Empty string clears an optional field. */
const optionalText = (maxLength: number, pattern?: string) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength, ...(pattern ? { pattern } : {}) })]));

export const ProfilePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    email: Type.Optional(Type.String({ maxLength: 254, pattern: EMAIL_PATTERN })),
    phoneNumber: optionalText(10, '^([0-9]{10})?$'),
    address: optionalText(300),
    village: optionalText(100),
    district: optionalText(100),
    state: optionalText(100),
    pincode: optionalText(6, '^([0-9]{6})?$'),
    preferredLanguage: Type.Optional(Language),
    notificationPreferences: Type.Optional(NotificationPreferences),
    /** data:image/(png|jpeg|webp);base64,… of at most ~300 KB, or null to remove it. */
    profileImage: Type.Optional(Type.Union([Type.Null(), text(420_000)])),
    /** Required when the e-mail or the phone number (both sign-in identifiers) changes. */
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type ProfilePatch = Static<typeof ProfilePatch>;

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 128 }), newPassword: Type.String({ maxLength: 128 }) },
  { additionalProperties: false },
);
export const ForgotPasswordBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 200 }), newPassword: Type.String({ maxLength: 128 }) },
  { additionalProperties: false },
);
/** A done action and what to tell the user (change/forgot/reset password, OTP sent, session revoked …). */
export const OkAnswer = Type.Object({ success: Type.Literal(true), message: Translated });
export type OkAnswer = Static<typeof OkAnswer>;
/** PATCH /auth/profile: the user as saved. */
export const ProfileSaved = Type.Object({ user: User });
/** POST /auth/2fa/verify and /auth/2fa/disable. */
export const TwoFactorToggled = Type.Object({ success: Type.Literal(true), isEnabled: Type.Boolean(), message: Translated });
/** PATCH /admin/users/{id}/role (superadmins): the staff role to give; only admin and coordinator. */
export const RoleChange = Type.Object({ role: Type.Union([Type.Literal('admin'), Type.Literal('coordinator')]) }, { additionalProperties: false });
export type RoleChange = Static<typeof RoleChange>;
/** POST /admin/users/{id}/role and /two-factor/reset: done, and how many sessions were ended with it. */
export const AccessChanged = Type.Object({ success: Type.Literal(true), message: Translated, ended: Type.Integer() });
/** POST /admin/users/{id}/sessions/end: how many sessions were ended. */
export const SessionsEnded = Type.Object({ success: Type.Literal(true), message: Translated, ended: Type.Integer() });

/** A TOTP code (6 digits) or a backup code (XXXX-XXXX). */
export const CodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });
export const DisableTwoFactorBody = Type.Union([
  Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false }),
  Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
]);
export const TwoFactorStatus = Type.Object({ isEnabled: Type.Boolean(), backupCodesRemaining: Type.Integer() });
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;
export const TwoFactorSetup = Type.Object({
  qrCode: Type.String(),
  secret: Type.String(),
  otpauthUrl: Type.String(),
  backupCodes: Type.Array(Type.String()),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;
export const BackupCodesAnswer = Type.Object({ backupCodes: Type.Array(Type.String()) });

export const LoginTwoFactorBody = Type.Object(
  { challengeToken: Type.String({ minLength: 10, maxLength: 1000 }), code: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
/** What POST /auth/login answers instead of tokens once two-factor sign-in is on. */
export const TwoFactorRequired = Type.Object({ twoFactorRequired: Type.Literal(true), challengeToken: Type.String() });
export type TwoFactorRequired = Static<typeof TwoFactorRequired>;

/** 'throttled': refused by the sign-in throttle (retryAt says until when); 'unthrottled' / 'sessions_ended': an administrator's action. */
export const LoginStatus = Type.Union([
  Type.Literal('success'),
  Type.Literal('failed'),
  Type.Literal('suspicious'),
  Type.Literal('throttled'),
  Type.Literal('unthrottled'),
  Type.Literal('sessions_ended'),
]);
export const LoginHistoryEntry = Type.Object({
  _id: Uuid,
  timestamp: Type.String(),
  status: LoginStatus,
  reason: Type.Union([Type.String(), Type.Null()]),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  deviceType: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([Type.String(), Type.Null()]),
  sessionId: Type.Union([Uuid, Type.Null()]),
  /** The session this sign-in opened is still live (revocable). */
  sessionActive: Type.Boolean(),
  /** This sign-in is the caller's current session. */
  current: Type.Boolean(),
  reported: Type.Boolean(),
  /** For 'throttled': when the source may try again. */
  retryAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type LoginHistoryEntry = Static<typeof LoginHistoryEntry>;
export const LoginHistoryAnswer = Type.Object({ history: Type.Array(LoginHistoryEntry) });

export const ActiveSession = Type.Object({
  _id: Uuid,
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  deviceType: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
});
export type ActiveSession = Static<typeof ActiveSession>;
export const ActiveSessionsAnswer = Type.Object({ sessions: Type.Array(ActiveSession) });

export const MobileOtpRequestBody = Type.Object(
  { phoneNumber: Type.String({ pattern: PHONE_PATTERN }) },
  { additionalProperties: false },
);
export const MobileOtpVerifyBody = Type.Object(
  { phoneNumber: Type.String({ pattern: PHONE_PATTERN }), otp: Type.String({ pattern: '^[0-9]{6}$' }) },
  { additionalProperties: false },
);

/** Password reset by an SMS code (people without a usable e-mail): ask for a code, then spend it with the new password. */
export const SmsResetRequestBody = Type.Object({ phoneNumber: Type.String({ pattern: '^[0-9]{10}$' }) }, { additionalProperties: false });
export const SmsResetBody = Type.Object(
  { phoneNumber: Type.String({ pattern: '^[0-9]{10}$' }), code: Type.String({ pattern: '^[0-9]{6}$' }), newPassword: Type.String({ maxLength: 128 }) },
  { additionalProperties: false },
);

/** POST /admin/users/:id/invite: a first sign-in link, by SMS (when the person has a phone number) and e-mail. */
export const InviteAnswer = Type.Object({
  success: Type.Literal(true),
  channels: Type.Array(Type.Union([Type.Literal('sms'), Type.Literal('email')])),
});
export type InviteAnswer = Static<typeof InviteAnswer>;

export const AuthOptions = Type.Object({ otpLoginEnabled: Type.Boolean() });
export type AuthOptions = Static<typeof AuthOptions>;

/** GET /admin/users/:id/sign-in: another user's recent sign-in events, throttled sources and live sessions. */
export const AdminSignInAnswer = Type.Object({
  user: Type.Object({ _id: Uuid, name: Type.String(), email: Type.String(), role: Type.String() }),
  activeSessions: Type.Integer(),
  /** Whether the user has two-factor sign-in on (or a setup begun): what an administrator can reset. */
  twoFactor: Type.Boolean(),
  /** The roles the caller may give this user now (empty: none; only superadmins change staff roles). */
  roleChoices: Type.Array(Type.Union([Type.Literal('admin'), Type.Literal('coordinator')])),
  /** Addresses that must wait before trying this account again (until `retryAt`). */
  throttled: Type.Array(Type.Object({ ipAddress: Type.Union([Type.String(), Type.Null()]), retryAt: Type.String() })),
  history: Type.Array(
    Type.Object({
      _id: Uuid,
      timestamp: Type.String(),
      status: LoginStatus,
      reason: Type.Union([Type.String(), Type.Null()]),
      ipAddress: Type.Union([Type.String(), Type.Null()]),
      deviceType: Type.Union([Type.String(), Type.Null()]),
      retryAt: Type.Union([Type.String(), Type.Null()]),
      /** The administrator who cleared a throttle or ended the sessions. */
      actorId: Type.Union([Uuid, Type.Null()]),
    }),
  ),
});
export type AdminSignInAnswer = Static<typeof AdminSignInAnswer>;
