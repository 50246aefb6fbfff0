/** PATCH /auth/profile: exactly the spec's fields, validated; bad input changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { users } from '../../../server/src/db/schema';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';
import { api } from './support';

let t: TestApp;
let token: string;
const me = FIXTURE.users.farmer;
const stored = async () => (await t.db.select().from(users).where(eq(users.id, me.id)))[0];
/** A real picture, decodable, of the given size. */
const realPng = async (width: number, height: number) =>
  `data:image/png;base64,${(await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 60 } } }).png().toBuffer()).toString('base64')}`;
/**
 * A valid 20000×20000 one-bit PNG, all black, of about 50 KB: 1.6 GB once decoded to RGBA.
 * Every row is its filter byte and 2500 zero bytes.
 */
function pngBomb(side = 20_000) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = zlib.deflateSync(Buffer.alloc(side * (Math.ceil(side / 8) + 1)), { level: 9 });
  const file = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', raw),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${file.toString('base64')}`;
}
const png = (bytes: number) =>
  `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes)]).toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('farmer')).accessToken;
});
afterAll(() => t.close());

describe('PATCH /auth/profile', () => {
  it('re-encodes the picture: at most 512 px, WebP, without its metadata', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner-note', ImageDescription: 'field at 18.52N 73.85E' } })
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('secret-owner-note');
    const res = await api(t, 'PATCH', '/auth/profile', token, { profileImage: `data:image/jpeg;base64,${jpeg.toString('base64')}` });
    expect(res.statusCode).toBe(200);
    const saved = (await stored()).profileImage!;
    expect(saved).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(saved.split(',')[1], 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('secret-owner-note');
  });

  it('saves every spec field and answers the user', async () => {
    const body = {
      name: '  Ramesh S. Patil ',
      email: 'Ramesh.Patil@Example.in',
      phoneNumber: '9822012345',
      address: 'Near the temple',
      village: 'Shirur',
      district: 'Pune',
      state: 'Maharashtra',
      pincode: '412210',
      preferredLanguage: 'hindi',
      notificationPreferences: { email: false, sms: true, push: false, alerts: true, reports: false },
      profileImage: await realPng(64, 48),
    };
    const res = await api(t, 'PATCH', '/auth/profile', token, { ...body, currentPassword: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      ...body,
      name: 'Ramesh S. Patil',
      email: 'ramesh.patil@example.in',
      role: 'farmer',
      // Re-encoded by the server.
      profileImage: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(user.passwordHash).toBeUndefined();
    expect(await stored()).toMatchObject({ name: 'Ramesh S. Patil', pincode: '412210', preferredLanguage: 'hindi' });
    const again = await api(t, 'GET', '/auth/profile', token);
    expect(again.json().user.village).toBe('Shirur');
  });

  it('clears optional fields with an empty string or null', async () => {
    const res = await api(t, 'PATCH', '/auth/profile', token, { phoneNumber: '', village: null, profileImage: null, currentPassword: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ phoneNumber: null, village: null, profileImage: null });
  });

  describe('refuses bad input with a translated 4xx and changes nothing', () => {
    const cases: [string, unknown, number, string?][] = [
      ['role', { role: 'admin' }, 400, 'INVALID_FIELDS'],
      ['managedBy', { managedBy: FIXTURE.users.coordinator2.id }, 400, 'INVALID_FIELDS'],
      ['unknown field', { name: 'X', isAdmin: true }, 400, 'INVALID_FIELDS'],
      ['password hash', { passwordHash: 'x' }, 400, 'INVALID_FIELDS'],
      ['empty name', { name: '' }, 400],
      ['blank name', { name: '   ' }, 400],
      ['over-long name', { name: 'क'.repeat(101) }, 400],
      ['over-long address', { address: 'x'.repeat(301) }, 400],
      ['name of the wrong type', { name: 42 }, 400],
      ['array body', [{ name: 'x' }], 400],
      ['malformed e-mail', { email: 'not-an-email' }, 400],
      ['e-mail with spaces', { email: 'a b@c.in' }, 400],
      ['short phone', { phoneNumber: '98220' }, 400],
      ['phone with letters', { phoneNumber: '98220abcde' }, 400],
      ['5-digit pincode', { pincode: '41221' }, 400],
      ['unknown language', { preferredLanguage: 'klingon' }, 400],
      ['partial notification preferences', { notificationPreferences: { email: true } }, 400],
      ['notification preference as a string', { notificationPreferences: { email: 'yes', sms: true, push: true, alerts: true, reports: true } }, 400],
      ['SVG image', { profileImage: `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}` }, 400],
      ['HTML as PNG', { profileImage: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}` }, 400, 'BAD_IMAGE'],
      ['image by URL', { profileImage: 'https://evil.example/a.png' }, 400, 'BAD_IMAGE'],
      ['350 KB PNG', { profileImage: png(350 * 1024) }, 400],
    ];
    it.each(cases)('%s', async (_, body, status, code) => {
      const before = await stored();
      const res = await api(t, 'PATCH', '/auth/profile', token, body);
      expect(res.statusCode).toBe(status);
      const err = res.json();
      expect(err.message.marathi).toMatch(/[\u0900-\u097F]/);
      if (code) expect(err.code).toBe(code);
      if (code === 'INVALID_FIELDS') {
        expect(err.details.allowedFields).toContain('notificationPreferences');
        expect(err.details.allowedFields).not.toContain('role');
        expect(err.details.invalidFields.length).toBeGreaterThan(0);
      }
      expect(await stored()).toEqual(before);
    });

    it('a 20000×20000 PNG of 50 KB (a decompression bomb): a translated 400 before any pixel is decoded', async () => {
      const before = await stored();
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(300 * 1024);
      const started = Date.now();
      const res = await api(t, 'PATCH', '/auth/profile', token, { profileImage: bomb });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: { english: expect.stringMatching(/4096/), marathi: expect.stringMatching(/पिक्सेल/) } });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await stored()).toEqual(before);
    });

    it('a PNG whose pixels do not decode', async () => {
      const before = await stored();
      const res = await api(t, 'PATCH', '/auth/profile', token, { profileImage: png(64) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_IMAGE');
      expect(await stored()).toEqual(before);
    });

    it('a 10 MB image', async () => {
      const before = await stored();
      const res = await api(t, 'PATCH', '/auth/profile', token, { profileImage: png(10 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
      expect(await stored()).toEqual(before);
    });

    it("another user's e-mail", async () => {
      const before = await stored();
      const res = await api(t, 'PATCH', '/auth/profile', token, { email: FIXTURE.users.farmer2.email.toUpperCase(), currentPassword: FIXTURE_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('EMAIL_UNAVAILABLE');
      expect(await stored()).toEqual(before);
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await api(t, 'PATCH', '/auth/profile', undefined, { name: 'X' })).statusCode).toBe(401);
  });
});
