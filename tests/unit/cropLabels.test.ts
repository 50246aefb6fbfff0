/** Crop names in the reader's language: known crops and their synonyms translate, others keep their name. */
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import mr from '@/i18n/messages/mr.json';
import { cropLabel, cropMessages, knownCrop } from '@/views/ui/cropLabels';
import knowledge from '../../server/src/domain/land/knowledge/crops.json';

const intl = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages, onError: () => {} });

describe('crop labels', () => {
  it('translates the demo and disease crops in Marathi and Hindi, whatever the case and spacing', () => {
    const marathi = intl('mr', mr);
    expect(['soybean', ' Cotton ', 'SUGARCANE', 'tur', 'jowar', 'onion', 'grapes', 'pomegranate', 'wheat', 'chana'].map((c) => cropLabel(marathi, c))).toEqual([
      'सोयाबीन', 'कापूस', 'ऊस', 'तूर', 'ज्वारी', 'कांदा', 'द्राक्ष', 'डाळिंब', 'गहू', 'हरभरा',
    ]);
    expect(cropLabel(intl('hi', hi), 'cotton')).toBe('कपास');
    expect(cropLabel(intl('en', en), 'paddy')).toBe('Rice');
  });

  it('maps common synonyms to one crop and knows nothing else', () => {
    expect(['toor', 'Arhar', 'pigeon pea', 'gram', 'Chickpea', 'sorghum', 'corn'].map(knownCrop)).toEqual(['tur', 'tur', 'tur', 'chana', 'chana', 'jowar', 'maize']);
    expect(knownCrop('dragon fruit')).toBeNull();
    expect(knownCrop('')).toBeNull();
  });

  it('shows an unknown crop as it was written', () => {
    expect(cropLabel(intl('mr', mr), 'Dragon Fruit')).toBe('Dragon Fruit');
    expect(cropLabel(intl('mr', mr), 'constructor')).toBe('constructor');
    expect(cropLabel(intl('mr', mr), 'Dragon fruit (pitaya)')).toBe('Dragon fruit (pitaya)');
  });

  it('names every crop of the recommendation engine as the engine does in each language', () => {
    // The engine stores English names, some with a gloss ('Gram (chickpea)'); the screens translate them.
    for (const crop of knowledge.crops) {
      expect(cropLabel(intl('mr', mr), crop.name.english), crop.id).toBe(crop.name.marathi);
      // Hindi spellings differ slightly between the catalog and the knowledge base (प्याज़/प्याज): translated, not kept.
      expect(cropLabel(intl('hi', hi), crop.name.english), crop.id).toMatch(/^[\u0900-\u097F ]+$/);
    }
  });

  it('has every crop in all three catalogs with its own text', () => {
    for (const d of Object.values(cropMessages)) {
      for (const catalog of [mr, en, hi] as Record<string, string>[]) expect(catalog[d.id as string], d.id as string).toBeTruthy();
      expect((mr as Record<string, string>)[d.id as string]).not.toBe((en as Record<string, string>)[d.id as string]);
    }
  });
});
