/** Device keys double as MQTT passwords: the stored value carries a Mosquitto hash that mosquitto_passwd would write. */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { keyMatches, mosquittoHashOf, mosquittoPasswordHash, newDeviceKey, parseDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';

describe('device keys', () => {
  it('store a SHA-256 for ingest and a $7$ hash for Mosquitto, never the key', () => {
    const uuid = randomUUID();
    const { key, hash } = newDeviceKey(uuid);
    expect(hash).not.toContain(key);
    const parsed = parseDeviceKey(key)!;
    expect(parsed.sensorUuid).toBe(uuid);
    expect(keyMatches(parsed.secret, hash)).toBe(true);
    expect(keyMatches(parsed.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), hash)).toBe(false);
    expect(mosquittoHashOf(hash)).toMatch(/^\$7\$101\$[A-Za-z0-9+/=]{16}\$[A-Za-z0-9+/=]{88}$/);
    // A key issued before MQTT sign-in (SHA-256 only) still works for ingest and has no Mosquitto hash.
    const legacy = hash.slice(0, 64);
    expect(keyMatches(parsed.secret, legacy)).toBe(true);
    expect(mosquittoHashOf(legacy)).toBeNull();
  });

  it('hash a password exactly as mosquitto_passwd does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'passwd-'));
    try {
      const file = join(dir, 'passwd');
      const password = newDeviceKey(randomUUID()).key;
      execFileSync('/usr/bin/mosquitto_passwd', ['-c', '-b', file, 'dev', password]);
      const theirs = readFileSync(file, 'utf8').trim().slice('dev:'.length);
      const [, , iterations, salt] = theirs.split('$');
      expect(mosquittoPasswordHash(password, Buffer.from(salt, 'base64'), Number(iterations))).toBe(theirs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
