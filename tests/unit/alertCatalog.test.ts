/**
 * The alert types and engine messages of contracts/alertTypes.ts are read from the catalogs by computed ids, which
 * i18n:verify cannot see; this checks them: every label and message is in every catalog, each message uses exactly
 * the parameters the contract names, and the English catalog says what the server stores.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../support/catalogs';
import { ALERT_MESSAGES, ALERT_TYPES, alertTypeLabelId, englishAlertText } from '../../contracts/alertTypes';

const argumentsOf = (text: string) => {
  const names = new Set<string>();
  const walk = (nodes: MessageFormatElement[]) => {
    for (const n of nodes) if (n.type === TYPE.argument || n.type === TYPE.number) names.add(n.value);
  };
  walk(parse(text));
  return [...names].sort();
};

describe('alert catalog entries', () => {
  for (const [locale, catalog] of Object.entries(CATALOGS)) {
    it(`${locale}: a label for every alert type`, () => {
      for (const type of ALERT_TYPES) expect(catalog[alertTypeLabelId(type)]?.trim(), type).toBeTruthy();
    });
    it(`${locale}: every engine message with exactly its parameters`, () => {
      for (const [key, { params }] of Object.entries(ALERT_MESSAGES)) {
        expect(catalog[key]?.trim(), key).toBeTruthy();
        expect(argumentsOf(catalog[key]), key).toEqual([...params].sort());
      }
    });
  }

  it('the English catalog says what the server stores', () => {
    for (const [key, { english }] of Object.entries(ALERT_MESSAGES)) expect(CATALOGS.en[key], key).toBe(english);
    expect(englishAlertText('alert.moisture.low', { field: 'North', value: 18, threshold: 25 })).toBe('Low soil moisture in North: 18% (threshold 25%)');
  });
});
