/**
 * Accounts: login, refresh, logout, register, profile.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Language, Role, Uuid } from './common';
import { PHONE_PATTERN, PINCODE_PATTERN } from './contactRules';
import { PASSWORD_MAX_LENGTH } from './passwords';

const closed = { additionalProperties: false } as const;

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/** The rules themselves (domain/account/passwordRules.ts) answer with the broken rule's own message. */
export const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
/** Ten digits (spec section 5). */
export const PhoneNumber = Type.String({ pattern: PHONE_PATTERN });
/** Six digits (spec section 5). */
export const Pincode = Type.String({ pattern: PINCODE_PATTERN });

export const NotificationPreferences = Type.Object(
  { email: Type.Boolean(), sms: Type.Boolean(), push: Type.Boolean(), alerts: Type.Boolean(), reports: Type.Boolean() },
  closed,
);
export type NotificationPreferences = Static<typeof NotificationPreferences>;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Spec section 3 User, as the API shows it (never the password hash). */
export const User = Type.Object(
  {
    _id: Uuid,
    name: Type.String(),
    email: Type.String(),
    phoneNumber: Nullable(Type.String()),
    address: Nullable(Type.String()),
    village: Nullable(Type.String()),
    district: Nullable(Type.String()),
    state: Nullable(Type.String()),
    pincode: Nullable(Type.String()),
    preferredLanguage: Language,
    notificationPreferences: NotificationPreferences,
    profileImage: Nullable(Type.String()),
    role: Role,
    managedBy: Nullable(Uuid),
    status: Type.Union([Type.Literal('Active'), Type.Literal('Inactive')]),
    lastActive: Nullable(Type.String({ format: 'date-time' })),
    createdAt: Type.String({ format: 'date-time' }),
  },
  closed,
);
export type User = Static<typeof User>;

export const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 128 }) }, closed);
export type LoginBody = Static<typeof LoginBody>;

export const Tokens = Type.Object({ accessToken: Type.String(), refreshToken: Type.String() }, closed);
export type Tokens = Static<typeof Tokens>;

export const LoginResponse = Type.Object(
  { accessToken: Type.String(), refreshToken: Type.String(), user: User },
  closed,
);
export type LoginResponse = Static<typeof LoginResponse>;

/** `<session id>.<secret>`; opaque to the client. */
export const RefreshToken = Type.String({ minLength: 10, maxLength: 200 });
export const RefreshBody = Type.Object({ refreshToken: RefreshToken }, closed);
export type RefreshBody = Static<typeof RefreshBody>;

export const LogoutBody = RefreshBody;
export type LogoutBody = RefreshBody;

export const SuccessResponse = Type.Object({ success: Type.Boolean() }, closed);

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });

export const RegisterBody = Type.Object(
  {
    name: Text(100),
    email: Email,
    password: Password,
    role: Type.Union([Type.Literal('admin'), Type.Literal('coordinator'), Type.Literal('farmer')]),
    phoneNumber: Type.Optional(PhoneNumber),
    /** Farmers only: the managing coordinator. A coordinator's farmers are always their own. */
    managedBy: Type.Optional(Uuid),
    address: Type.Optional(Type.String({ maxLength: 300 })),
    village: Type.Optional(Type.String({ maxLength: 100 })),
    district: Type.Optional(Type.String({ maxLength: 100 })),
    state: Type.Optional(Type.String({ maxLength: 100 })),
    pincode: Type.Optional(Pincode),
    preferredLanguage: Type.Optional(Language),
    notificationPreferences: Type.Optional(NotificationPreferences),
  },
  closed,
);
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResponse = Type.Object({ user: User }, closed);
export type RegisterResponse = Static<typeof RegisterResponse>;

/** A field as the profile lists it: enough for the farmer home to pick one and show its last reading. */
export const ProfileField = Type.Object(
  {
    _id: Uuid,
    fieldId: Type.String(),
    name: Type.String(),
    status: Type.Union([Type.Literal('good'), Type.Literal('warning'), Type.Literal('alert')]),
    location: Type.Object(
      {
        coordinates: Nullable(Type.Object({ lat: Type.Number(), lng: Type.Number() }, closed)),
        address: Type.Object(
          { state: Nullable(Type.String()), district: Nullable(Type.String()), village: Nullable(Type.String()) },
          closed,
        ),
        area: Type.Object({ value: Nullable(Type.Number()), unit: Type.String() }, closed),
      },
      closed,
    ),
    currentCrop: Type.Object({ name: Nullable(Type.String()), variety: Nullable(Type.String()), status: Type.String() }, closed),
    lastSensorData: Type.Object({ moisture: Nullable(Type.Number()), temperature: Nullable(Type.Number()) }, closed),
    lastSensorUpdate: Nullable(Type.String({ format: 'date-time' })),
  },
  closed,
);
export type ProfileField = Static<typeof ProfileField>;

export const ProfileResponse = Type.Object({ user: User, fields: Type.Array(ProfileField) }, closed);
export type ProfileResponse = Static<typeof ProfileResponse>;
