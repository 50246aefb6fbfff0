/**
 * The Web Push adapter against a local stub push service that does what a browser's push service and the
 * browser do: checks the VAPID signature (RFC 8292) with the server's public key, and decrypts the payload
 * (RFC 8291, aes128gcm) with the subscription's private key made here. A 410 drops the subscription.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../../server/src/db/schema';
import { istMinutes } from '../../../server/src/domain/notifications/settings';
import { FIXTURE, createTestApp } from '../helper';
import { jobsOf, raiseDry, stubServer, testClock, testWorker } from './support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let service: Awaited<ReturnType<typeof stubServer>>;
let answer = 201;
const U = FIXTURE.users;

beforeAll(async () => {
  service = await stubServer(() => answer);
  t = await createTestApp({ config: { notifyWorker: false, pushAllowedHosts: [`127.0.0.1:${service.port}`], pushAllowLocal: true } });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3, as the browser does it: the user agent's key pair and auth secret open the message. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(rs).toBeGreaterThanOrEqual(ciphertext.length);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header: `vapid t=<ES256 JWT>, k=<public key>`; the JWT must verify with the server's key. */
function checkVapid(header: string, publicKey: string, audience: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  expect(m).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [h, p, s] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  expect(claims.aud).toBe(audience);
  expect(claims.sub).toMatch(/^mailto:|^https:/);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

it("encrypts the alert for the farmer's browser in Marathi, signed with the server's VAPID key", async () => {
  const { accessToken } = await t.login('farmer2');
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  const endpoint = `${service.url}/push/farmer2-phone`;
  const sub = await t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: t.auth(accessToken),
    payload: { endpoint, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
  });
  expect(sub.statusCode).toBe(204);
  const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/v1/push/vapid-public-key', headers: t.auth(accessToken) })).json();

  const alertId = await raiseDry(t, 'farmer2', 10);
  const worker = testWorker(t, { now: testClock().now });
  await worker.drain();
  const push = (await jobsOf(t, alertId)).find((j) => j.channel === 'push' && j.recipientId === U.farmer2.id)!;
  expect(push).toMatchObject({ status: 'sent', attempts: 1 });

  expect(service.seen).toHaveLength(1);
  const req = service.seen[0];
  expect(req.url).toBe('/push/farmer2-phone');
  expect(req.headers['content-encoding']).toBe('aes128gcm');
  expect(req.headers.urgency).toBe('high'); // 'high' severity is critical
  expect(Number(req.headers.ttl)).toBeGreaterThan(0);
  checkVapid(String(req.headers.authorization), publicKey, service.url);
  const payload = JSON.parse(decrypt(req.body, ua, authSecret));
  expect(payload).toEqual({
    title: 'शेतमित्र: नवीन सूचना',
    body: 'शेत Sita Shinde plot मध्ये मातीतील ओलावा कमी: 10% (मर्यादा 25%)',
    link: `/?alert=${alertId}`,
    lang: 'mr',
    silent: false,
    tag: expect.any(String),
  });
  const [row] = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  expect(row.lastSuccessAt).not.toBeNull();
});

it('writes in the reader\'s language, and drops a subscription the push service says is gone (410)', async () => {
  await t.app.db.update(users).set({ preferredLanguage: 'hindi' }).where(eq(users.id, U.farmer4.id));
  const { accessToken } = await t.login('farmer4');
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  const endpoint = `${service.url}/push/farmer4-phone`;
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: t.auth(accessToken),
    payload: { endpoint, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
  });
  // Quiet hours now (India time): a non-critical alert's push comes without sound.
  const settings = (await t.app.inject({ method: 'GET', url: '/api/v1/profile/notification-settings', headers: t.auth(accessToken) })).json();
  const m = istMinutes(new Date());
  const hhmm = (x: number) => `${String(Math.floor((((x % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((x % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/profile/notification-settings',
    headers: t.auth(accessToken),
    payload: { ...settings, quietHours: { enabled: true, start: hhmm(m - 60), end: hhmm(m + 60) } },
  });
  expect(put.statusCode).toBe(200);
  answer = 410;
  const alertId = await raiseDry(t, 'farmer4', 18);
  await testWorker(t, { now: testClock().now }).drain();
  const req = service.seen.find((r) => r.url === '/push/farmer4-phone')!;
  const payload = JSON.parse(decrypt(req.body, ua, authSecret));
  expect(payload).toMatchObject({ lang: 'hi', title: 'शेतमित्र: नया अलर्ट', body: 'Lata Kale plot में मिट्टी की नमी कम: 18% (सीमा 25%)', silent: true });
  expect(req.headers.urgency).toBe('normal');
  expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
  const push = (await jobsOf(t, alertId)).find((j) => j.channel === 'push' && j.recipientId === U.farmer4.id)!;
  expect(push).toMatchObject({ status: 'skipped', lastError: 'subscription gone (1)' });
});

it('keeps the generated VAPID key pair in the database, the private key sealed; VAPID_* settings override it', async () => {
  const { vapidKeys } = await import('../../../server/src/modules/notifications/vapid');
  const { appSecrets } = await import('../../../server/src/db/schema');
  const cfg = { vapidPublicKey: undefined, vapidPrivateKey: undefined, vapidSubject: 'mailto:ops@example.org' };
  const again = await vapidKeys(t.app.db, t.app.secretBox, cfg);
  expect(again.publicKey).toBe(t.app.notifications.push!.publicKey);
  const [row] = await t.app.db.select().from(appSecrets).where(eq(appSecrets.key, 'vapid'));
  expect(row.value).not.toContain(again.privateKey);
  const given = { publicKey: 'BPub', privateKey: 'priv' };
  expect(await vapidKeys(t.app.db, t.app.secretBox, { ...cfg, vapidPublicKey: given.publicKey, vapidPrivateKey: given.privateKey })).toEqual({
    ...given,
    subject: 'mailto:ops@example.org',
  });
  await expect(vapidKeys(t.app.db, t.app.secretBox, { ...cfg, vapidPublicKey: 'only-one' })).rejects.toThrow(/both/);
});
