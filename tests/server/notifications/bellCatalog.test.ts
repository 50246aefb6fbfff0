/**
 * The bell says what a push or SMS says: the browser catalogs' `notifications.text.*` entries (the bell's own
 * sentences, rendered from a notification's messageKey) equal the server's NOTIFICATION_SENTENCES in every language.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_OF_LANGUAGE } from '../../../contracts/languages';
import { NOTIFICATION_SENTENCES } from '../../../server/src/domain/notifications/texts';

// Read as files: the server's type check does not resolve the web app's `@/` alias (tests/support/catalogs.ts).
const CATALOGS = Object.fromEntries(
  (['mr', 'en', 'hi'] as const).map((l) => [l, JSON.parse(readFileSync(new URL(`../../../src/i18n/messages/${l}.json`, import.meta.url), 'utf8'))]),
) as Record<'mr' | 'en' | 'hi', Record<string, string>>;

describe("the bell's sentences", () => {
  it('are the server’s notification sentences, word for word, in all three languages', () => {
    for (const [key, three] of Object.entries(NOTIFICATION_SENTENCES)) {
      for (const [lang, text] of Object.entries(three)) {
        expect(CATALOGS[LOCALE_OF_LANGUAGE[lang as 'marathi']][key], `${key} ${lang}`).toBe(text);
      }
    }
  });
});
