/** The audit trail's redaction list: secrets never reach an entry, whatever they are called. */
import { describe, expect, it } from 'vitest';
import { auditChanges, isSecretField, REDACTED } from '../../server/src/lib/audit';

describe('audit redaction', () => {
  it.each(['password', 'passwordHash', 'newPassword', 'totpSecret', 'secret', 'refreshToken', 'accessToken', 'tokenHash', 'deviceKey', 'apiKey', 'key', 'backupCodes', 'otp', 'cookie', 'authorization'])(
    '%s is a secret',
    (name) => expect(isSecretField(name)).toBe(true),
  );
  it.each(['name', 'email', 'phoneNumber', 'status', 'managedBy', 'role', 'lat', 'lng', 'deviceKeyActive', 'sessionsEnded'])('%s is not', (name) =>
    expect(isSecretField(name)).toBe(false),
  );

  it('keeps only changed fields and never a secret value', () => {
    const changes = auditChanges(
      { name: 'A', email: 'a@x.in', passwordHash: '$argon2id$old', totpSecret: 'JBSWY3DP' },
      { name: 'B', email: 'a@x.in', passwordHash: '$argon2id$new', totpSecret: null },
    );
    expect(changes).toEqual({
      name: { before: 'A', after: 'B' },
      passwordHash: { before: REDACTED, after: REDACTED },
      totpSecret: { before: REDACTED, after: null },
    });
    expect(JSON.stringify(changes)).not.toMatch(/argon2|JBSWY3DP/);
  });

  it('writes dates as ISO text and objects as JSON', () => {
    expect(auditChanges({}, { at: new Date('2026-01-02T03:04:05Z'), tags: ['a'] })).toEqual({
      at: { before: null, after: '2026-01-02T03:04:05.000Z' },
      tags: { before: null, after: '["a"]' },
    });
  });
});
