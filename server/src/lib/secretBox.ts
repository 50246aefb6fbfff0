/**
 * Encryption of secrets the server must read back (TOTP seeds): AES-256-GCM with a random 96-bit IV per
 * value, the key derived (HKDF-SHA256) from APP_SECRET, which is never stored in the database.
 *
 * Stored form: `v1.<iv>.<ciphertext>.<tag>` (base64url). The version prefix lets a later key or algorithm
 * be introduced beside this one. A context string (e.g. `totp:<user id>`) is bound in as additional data,
 * so a sealed value copied onto another row does not open there.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{22})$/;

export class SecretBoxError extends Error {}

export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain text; throws SecretBoxError when the value was sealed with another key or context, or was altered. */
  open(sealed: string, context: string): string;
  isSealed(value: string): boolean;
};

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(appSecret, 'utf8'), 'shetmitra', 'secret-box v1 aes-256-gcm', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const m = SEALED.exec(sealed);
      if (!m) throw new SecretBoxError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(m[1], 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(m[3], 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(m[2], 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the value does not open with this APP_SECRET');
      }
    },
    isSealed: (value) => SEALED.test(value),
  };
}
