/**
 * APP_SECRET: the key that encrypts secrets kept in the database (lib/secretBox.ts). It must not live in
 * that database, or a copy of the database would carry its own key.
 *
 * - APP_SECRET set: used as it is (at least 32 characters).
 * - unset: read from DATA_DIR/app-secret, generated there (mode 0600) on first start. With DATABASE_URL this
 *   is logged as a warning: every app instance must share one key, so set APP_SECRET on each of them.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

export const APP_SECRET_MIN_LENGTH = 32;
export const APP_SECRET_FILE = 'app-secret';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export function resolveAppSecret(config: Pick<Config, 'appSecret' | 'dataDir' | 'databaseUrl'>, log: Log): string {
  if (config.appSecret) {
    if (config.appSecret.length < APP_SECRET_MIN_LENGTH) throw new Error(`APP_SECRET must have at least ${APP_SECRET_MIN_LENGTH} characters.`);
    return config.appSecret;
  }
  const file = join(config.dataDir, APP_SECRET_FILE);
  const read = () => {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length < APP_SECRET_MIN_LENGTH) throw new Error(`${file} must hold at least ${APP_SECRET_MIN_LENGTH} characters.`);
    return value;
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  // Written whole under a private name, then linked into place: two processes starting together agree on
  // the first key linked, and neither can read a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  const message = `APP_SECRET is not set: generated ${file} (mode 0600). Keep it with your backups, apart from the database.`;
  if (config.databaseUrl) log.warn({ file }, `${message} With DATABASE_URL, set APP_SECRET to the same value on every app instance.`);
  else log.info({ file }, message);
  return read();
}
