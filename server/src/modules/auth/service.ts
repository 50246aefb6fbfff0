/** Accounts core: sign in, refresh and sign out, register people, and the caller's own profile. */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ProfileField, RegisterBody } from '../../../../contracts/auth';
import { assertCanCreate, type AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { AppError, M, badRequest, conflict, notFound, translated, unauthorized } from '../../lib/errors';
import { assertPasswordAllowed } from '../../domain/account/passwordRules';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { assessSignIn, classifySignIn, recordAttempt, refuseThrottled } from './loginHistory';
import { createSession, endSession, rotateSession, type ClientInfo } from './sessions';
import { toUserJson } from './userJson';
import { activeCoordinatorId, emailExists, fieldsInReach, insertUser, touchLastActive, userByEmail, userById, type UserRow } from './users.repository';

export const emailTaken = translated(
  'A user with this email already exists.',
  'या ईमेलचा वापरकर्ता आधीच अस्तित्वात आहे.',
  'इस ईमेल वाला उपयोगकर्ता पहले से मौजूद है।',
);
const inactiveAccount = translated(
  'This account is inactive. Please contact your coordinator.',
  'हे खाते निष्क्रिय आहे. कृपया आपल्या समन्वयकाशी संपर्क साधा.',
  'यह खाता निष्क्रिय है। कृपया अपने समन्वयक से संपर्क करें।',
);
const badCoordinator = translated(
  'Please select a coordinator for the farmer.',
  'कृपया शेतकऱ्यासाठी समन्वयक निवडा.',
  'कृपया किसान के लिए समन्वयक चुनें।',
);
const managedByOnlyFarmers = translated(
  'Only farmers can be managed by a coordinator.',
  'फक्त शेतकऱ्यांनाच समन्वयक असू शकतो.',
  'केवल किसानों का ही समन्वयक हो सकता है।',
);

export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', M.invalidCredentials);

/** Sign-in step one: the password. Failures are recorded (and throttle); success opens no session yet. */
export async function checkCredentials(db: Db, email: string, password: string, client: ClientInfo, perAddress: number) {
  const normalized = email.trim().toLowerCase();
  const user = await userByEmail(db, normalized);
  const verdict = await assessSignIn(db, normalized, client.ip, perAddress);
  if (!verdict.allowed) await refuseThrottled(db, verdict, { email: normalized, userId: user?.id ?? null, step: 'password' }, client);
  // Unknown e-mails cost one argon2 verification too, so timing does not tell them apart.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    await recordAttempt(db, { email: normalized, userId: user?.id ?? null, status: 'failed', reason: user ? 'bad_password' : 'unknown_email' }, client);
    throw invalidCredentials();
  }
  if (user.status !== 'Active') {
    await recordAttempt(db, { email: normalized, userId: user.id, status: 'failed', reason: 'inactive' }, client);
    // Only someone who knows the password learns that the account exists but is switched off.
    throw new AppError(403, 'ACCOUNT_INACTIVE', inactiveAccount);
  }
  return user;
}

/**
 * The last sign-in step: opens the session and records the sign-in, as 'suspicious' when it follows
 * several failures from a device or address this account has not used before.
 */
export async function startSession(db: Db, user: UserRow, client: ClientInfo, refreshTtlDays: number) {
  const status = await classifySignIn(db, user, client);
  const session = await createSession(db, user.id, client, refreshTtlDays);
  await recordAttempt(db, { email: user.email, userId: user.id, sessionId: session.sessionId, status }, client);
  const fresh = await touchLastActive(db, user.id);
  return { user: fresh, ...session };
}


const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Staff create accounts below them (lib/access.ts CAN_CREATE). */
export async function register(db: Db, creator: AuthUser, body: RegisterBody) {
  assertCanCreate(creator, body.role);
  const email = body.email.trim().toLowerCase();
  assertPasswordAllowed(body.password, { email, name: body.name }, 'password');
  let managedBy: string | null = null;
  if (body.role !== 'farmer') {
    if (body.managedBy) throw badRequest(managedByOnlyFarmers, { fields: [{ in: 'body', field: 'managedBy', message: 'only for farmers' }] });
  } else if (creator.role === 'coordinator') {
    managedBy = creator.id;
  } else if (body.managedBy) {
    const coordinatorId = await activeCoordinatorId(db, body.managedBy);
    if (!coordinatorId) throw badRequest(badCoordinator, { fields: [{ in: 'body', field: 'managedBy', message: 'not an active coordinator' }] });
    managedBy = coordinatorId;
  }
  if (await emailExists(db, email)) throw conflict(emailTaken, 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(body.password);
  try {
    const created = await db.transaction(async (tx) => {
      const user = await insertUser(tx as Db, {
        name: body.name.trim(),
        email,
        passwordHash,
        role: body.role,
        managedBy,
        phoneNumber: body.phoneNumber ?? null,
        address: body.address || null,
        village: body.village || null,
        district: body.district || null,
        state: body.state || null,
        pincode: body.pincode ?? null,
        // A farmer starts in Marathi, the product's language; staff keep the spec's English default (README).
        preferredLanguage: body.preferredLanguage ?? (body.role === 'farmer' ? 'marathi' : 'english'),
        ...(body.notificationPreferences ? { notificationPreferences: body.notificationPreferences } : {}),
      });
      await recordAudit(tx, creator, {
        action: 'user.create',
        target: { type: 'user', id: user.id },
        after: { name: user.name, email: user.email, role: user.role, managedBy, phoneNumber: user.phoneNumber, status: user.status },
      });
      return user;
    });
    // The spec's "→ same tokens" describes self-registration. Here staff create accounts for others:
    // the creator keeps their own session and gets the new user back, never tokens for it.
    return { user: toUserJson(created) };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/** GET /auth/profile: the caller and the fields in their reach (404 if the account is gone). */
export async function profile(db: Db, caller: AuthUser) {
  // Side by side: two primary-key / index reads, no reason to wait for one before sending the other.
  const [user, rows] = await Promise.all([userById(db, caller.id), fieldsInReach(db, caller)]);
  const list: ProfileField[] = rows.map((f) => ({
    _id: f.id,
    fieldId: f.fieldId,
    name: f.name,
    status: f.health,
    location: {
      coordinates: f.lat !== null && f.lng !== null ? { lat: f.lat, lng: f.lng } : null,
      address: { state: f.addressState, district: f.district, village: f.village },
      area: { value: f.areaValue, unit: f.areaUnit },
    },
    currentCrop: { name: f.cropName, variety: f.cropVariety, status: f.cropStatus },
    lastSensorData: { moisture: f.lastMoisture, temperature: f.lastTemperature },
    lastSensorUpdate: f.lastReadingAt ? f.lastReadingAt.toISOString() : null,
  }));
  if (!user) throw notFound();
  return { user: toUserJson(user), fields: list };
}

type Sessions = Pick<FastifyInstance, 'db' | 'auth' | 'realtime'>;

/**
 * A new access token and a rotated refresh token. A refresh token that was already rotated away ends its
 * session (it leaked), and that session's sockets are closed.
 */
export async function refresh(app: Sessions, refreshToken: string, log: FastifyBaseLogger) {
  const result = await rotateSession(app.db, refreshToken);
  if (!result.ok) {
    if (result.reason === 'reused') app.realtime.disconnectSession(refreshToken.split('.')[0]);
    log.info({ reason: result.reason }, 'refresh refused');
    throw unauthorized('INVALID_REFRESH_TOKEN');
  }
  return { accessToken: app.auth.issueAccessToken(result.user, result.sessionId), refreshToken: result.refreshToken };
}

/** Ends the session of this refresh token and closes its sockets. Logging out twice (or with a stale token) is no error. */
export async function logout(app: Omit<Sessions, 'auth'>, refreshToken: string) {
  const ended = await endSession(app.db, refreshToken);
  if (ended) app.realtime.disconnectSession(ended);
  return { success: true };
}
