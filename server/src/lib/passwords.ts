/** argon2id password hashes (the @node-rs/argon2 default algorithm; m=19456 KiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both answers take the same time. */
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-but-just-as-slow'));
