/**
 * Single-use links that set a password (table password_resets): 'reset' from Forgot password, and 'invite',
 * a person's first sign-in after staff added or imported them (they never had a usable password). Only the
 * token's hash is stored; a new link cancels the person's earlier unused ones; POST /auth/reset-password
 * spends either kind.
 *
 * Invitations go by SMS through the configured SMS provider when the person has a phone number (most
 * farmers read SMS, not e-mail) and by e-mail to their address, in their language, naming the e-mail
 * they sign in with.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createMailProvider } from '../../providers/mail/index';
import { createSmsProvider } from '../../providers/sms/index';
import { cancelUnusedLinks, insertLinks } from './password.repository';
import type { UserRow } from './users.repository';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITE_DAYS = INVITE_TTL_MS / 86_400_000;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type Purpose = 'reset' | 'invite';

/** A new link for each person (in one transaction); returns the tokens in the same order. */
export async function issuePasswordLinks(db: Db, userIds: string[], purpose: Purpose, ttlMs: number): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  if (!userIds.length) return tokens;
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.transaction(async (tx) => {
    for (const userId of userIds) {
      // Only the newest link works.
      await cancelUnusedLinks(tx as Db, userId);
    }
    for (let i = 0; i < userIds.length; i += 500) {
      await insertLinks(
        tx as Db,
        userIds.slice(i, i + 500).map((userId, j) => ({ userId, purpose, tokenHash: sha256(tokens[i + j]), expiresAt })),
      );
    }
  });
  return tokens;
}

type Invitee = Pick<UserRow, 'id' | 'name' | 'email' | 'phoneNumber' | 'preferredLanguage'>;
export type InviteChannel = 'sms' | 'email';

const TEXT = {
  marathi: (name: string, email: string, link: string) =>
    `नमस्कार ${name}, शेतमित्रवर आपले खाते तयार आहे. पासवर्ड ठेवण्यासाठी ही लिंक ${INVITE_DAYS} दिवसांत उघडा: ${link} लॉग इन ईमेल: ${email}`,
  hindi: (name: string, email: string, link: string) =>
    `नमस्ते ${name}, शेतमित्र पर आपका खाता तैयार है। पासवर्ड सेट करने के लिए यह लिंक ${INVITE_DAYS} दिनों में खोलें: ${link} लॉग इन ईमेल: ${email}`,
  english: (name: string, email: string, link: string) =>
    `Hello ${name}, your ShetMitra account is ready. Open this link within ${INVITE_DAYS} days to set your password: ${link} Sign-in e-mail: ${email}`,
};
const SUBJECT = { marathi: 'शेतमित्र: आपले खाते तयार आहे', hindi: 'शेतमित्र: आपका खाता तैयार है', english: 'ShetMitra: your account is ready' };

/** Sends invitations with the configured SMS and mail providers. */
export function createInviter(app: FastifyInstance) {
  const sms = createSmsProvider(app.config, app.db, app.log);
  const mail = createMailProvider(app.config, app.db, app.log);

  const deliver = async (person: Invitee, token: string, log: FastifyBaseLogger) => {
    const link = `${app.config.publicUrl}/set-password?token=${token}`;
    const text = TEXT[person.preferredLanguage](person.name, person.email, link);
    const sent: Promise<void>[] = [];
    if (person.phoneNumber) sent.push(sms.send({ to: person.phoneNumber, text }));
    const mailText = person.preferredLanguage === 'english' ? text : `${text}\n\n${TEXT.english(person.name, person.email, link)}`;
    sent.push(mail.send({ to: person.email, subject: SUBJECT[person.preferredLanguage], text: mailText }));
    for (const r of await Promise.allSettled(sent)) if (r.status === 'rejected') log.error({ err: r.reason, userId: person.id }, 'invitation not delivered');
  };

  return {
    /**
     * Issues the links, then delivers them one at a time (a large import must not flood the gateway).
     * `delivered` settles when every message was handed over; a failed one is logged, never thrown.
     */
    async invite(people: Invitee[], log: FastifyBaseLogger) {
      const tokens = await issuePasswordLinks(app.db, people.map((p) => p.id), 'invite', INVITE_TTL_MS);
      const delivered = (async () => {
        for (const [i, person] of people.entries()) await deliver(person, tokens[i], log);
      })();
      const channels: InviteChannel[] = !people.length ? [] : people.some((p) => p.phoneNumber) ? ['sms', 'email'] : ['email'];
      return { invited: people.length, channels, delivered };
    },
  };
}
