/**
 * The server's notification sentences: the alert messages in Marathi and Hindi are the browser's catalog entries
 * (a push or SMS says what the bell says), every sentence has the same placeholders in all three languages, and
 * the settings rules (defaults from the five switches, quiet hours across midnight, India time) hold.
 */
import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../../../contracts/alertTypes';
import { LOCALE_OF_LANGUAGE } from '../../../contracts/languages';
import { ALERT_SENTENCES, NOTIFICATION_SENTENCES, NOTIFICATION_TEXT_KEYS, notificationSentence, smsText } from '../../../server/src/domain/notifications/texts';
import { NOTIFICATION_KINDS, NOTIFICATION_PARAMS } from '../../../contracts/notifications';
import { defaultSettings, effectiveSettings, inQuietHours, istDayStart, preferencesOf } from '../../../server/src/domain/notifications/settings';
import { readFileSync } from 'node:fs';

// Read as files: the server's type check does not resolve the web app's `@/` alias (tests/support/catalogs.ts).
const CATALOGS = Object.fromEntries(
  (['mr', 'en', 'hi'] as const).map((l) => [l, JSON.parse(readFileSync(new URL(`../../../src/i18n/messages/${l}.json`, import.meta.url), 'utf8'))]),
) as Record<'mr' | 'en' | 'hi', Record<string, string>>;

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('sentences', () => {
  it('says each alert message exactly as the browser catalogs do, in every language', () => {
    for (const key of Object.keys(ALERT_MESSAGES) as Array<keyof typeof ALERT_MESSAGES>) {
      for (const [lang, text] of Object.entries(ALERT_SENTENCES[key])) {
        expect(text, `${key} ${lang}`).toBe(CATALOGS[LOCALE_OF_LANGUAGE[lang as 'marathi']][key]);
      }
    }
  });

  it("gives every notification sentence the same placeholders in all three languages", () => {
    for (const [key, three] of Object.entries(NOTIFICATION_SENTENCES)) {
      expect(placeholders(three.marathi), key).toEqual(placeholders(three.english));
      expect(placeholders(three.hindi), key).toEqual(placeholders(three.english));
    }
  });

  it("asks only for values its kind's parameters declare (contracts/notifications.ts), in every language and catalog", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const declared = Object.keys(NOTIFICATION_PARAMS[kind].properties);
      const key = NOTIFICATION_TEXT_KEYS[kind];
      const texts = [...Object.values(NOTIFICATION_SENTENCES[key]), ...(['mr', 'en', 'hi'] as const).map((l) => CATALOGS[l][key])];
      for (const text of texts) for (const name of placeholders(text)) expect(declared, `${kind}: {${name}} in "${text}"`).toContain(name);
    }
  });

  it("renders the bell's own sentences with the alert's sentence in the same language", () => {
    const params = { field: 'North plot', value: 12, threshold: 25, alertKey: 'alert.moisture.low', alert: 'Low soil moisture…', minutes: 15 };
    expect(notificationSentence('marathi', 'notifications.text.alertEscalated', params)).toBe(
      '15 मिनिटांनंतरही स्वीकारली नाही: शेत North plot मध्ये मातीतील ओलावा कमी: 12% (मर्यादा 25%)',
    );
    // An alert without a known key (another module's wording) falls back to its stored English text.
    expect(notificationSentence('hindi', 'notifications.text.alertRaised', { field: 'X', alert: 'Pump failed' })).toBe('X पर नया अलर्ट: Pump failed');
    expect(smsText('marathi', 'a\n b'.repeat(200)).length).toBeLessThanOrEqual(300);
  });
});

describe('settings rules', () => {
  const on = { email: true, sms: true, push: true, alerts: true, reports: true };

  it('derives defaults from the five switches and keeps them consistent when saved', () => {
    const d = defaultSettings(on);
    expect(d.channels.alertRaised).toEqual({ inApp: true, push: true, sms: true, email: false });
    expect(preferencesOf(d, on)).toEqual(on);
    const noSms = effectiveSettings(d, { ...on, sms: false });
    expect(Object.values(noSms.channels).some((c) => c.sms)).toBe(false);
    expect(preferencesOf(noSms, on)).toEqual({ ...on, sms: false });
  });

  it('reads quiet hours in India time, across midnight', () => {
    const q = { enabled: true, start: '22:00', end: '06:00' };
    expect(inQuietHours(q, new Date('2026-03-05T16:29:00Z'))).toBe(false); // 21:59 IST
    expect(inQuietHours(q, new Date('2026-03-05T16:30:00Z'))).toBe(true); // 22:00 IST
    expect(inQuietHours(q, new Date('2026-03-06T00:29:00Z'))).toBe(true); // 05:59 IST
    expect(inQuietHours(q, new Date('2026-03-06T00:30:00Z'))).toBe(false); // 06:00 IST
    expect(inQuietHours({ ...q, enabled: false }, new Date('2026-03-05T18:00:00Z'))).toBe(false);
    expect(istDayStart(new Date('2026-03-05T20:00:00Z')).toISOString()).toBe('2026-03-05T18:30:00.000Z');
    expect(istDayStart(new Date('2026-03-05T17:00:00Z')).toISOString()).toBe('2026-03-04T18:30:00.000Z');
  });
});
