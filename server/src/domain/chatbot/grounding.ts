/**
 * Questions about the farmer's own field ('माझ्या शेतातील ओलावा किती आहे?') are answered from their
 * latest sensor readings, not from the general knowledge base.
 */
import type { Lang } from '../language';
import { formatWhen } from '../format';
import { read } from './concepts';

export type FieldSnapshot = {
  name: string;
  fieldId: string;
  cropName: string | null;
  moisture: number | null;
  temperature: number | null;
  readingAt: Date | null;
  moistureLow: number;
  temperatureHigh: number;
};

/** What the sensors measure, or the decision they inform. */
const MEASURED = ['moisture', 'temperature', 'sensor', 'irrigation'];

/**
 * 'my field's moisture', 'माझ्या शेताला पाणी द्यावे का?': the asker's own (my/माझ्या/मेरे) and something
 * the sensors measure. 'My soybean has yellow spots' or 'माझ्या कांद्याचा भाव' are questions for the
 * knowledge base, not for the sensor readings.
 */
export function asksAboutOwnData(q: string): boolean {
  const { concepts } = read(q);
  return concepts.includes('mine') && MEASURED.some((c) => concepts.includes(c)) && !concepts.includes('price');
}

const WET_ENOUGH_ABOVE = 60;

const TEXT = {
  english: {
    none: 'No field is registered in your name yet. Ask your coordinator to add your field and its sensor.',
    noReading: (f: string) => `${f}: no sensor reading has arrived yet.`,
    reading: (f: string, m: string, t: string, at: string) => `${f}: soil moisture ${m}, temperature ${t} (reading of ${at}).`,
    dry: (low: number) => `Moisture is below ${low} %: irrigate today unless rain is close.`,
    ok: 'Moisture is adequate; no irrigation needed now.',
    wet: 'The soil is wet; do not irrigate.',
    hot: (t: number) => `It is hot (above ${t} °C): irrigate in the morning or evening.`,
  },
  marathi: {
    none: 'तुमच्या नावावर अजून शेत नोंदलेले नाही. तुमच्या समन्वयकाला शेत व सेन्सर जोडण्यास सांगा.',
    noReading: (f: string) => `${f}: अद्याप सेन्सरची नोंद आलेली नाही.`,
    reading: (f: string, m: string, t: string, at: string) => `${f}: जमिनीतील ओलावा ${m}, तापमान ${t} (${at} ची नोंद).`,
    dry: (low: number) => `ओलावा ${low} % पेक्षा कमी आहे: पाऊस जवळ नसल्यास आजच पाणी द्या.`,
    ok: 'ओलावा पुरेसा आहे; आत्ता पाणी देण्याची गरज नाही.',
    wet: 'जमीन ओली आहे; पाणी देऊ नका.',
    hot: (t: number) => `तापमान जास्त आहे (${t} °से पेक्षा जास्त): सकाळी किंवा संध्याकाळी पाणी द्या.`,
  },
  hindi: {
    none: 'आपके नाम पर अभी कोई खेत दर्ज नहीं है। अपने समन्वयक से खेत और सेंसर जोड़ने को कहें।',
    noReading: (f: string) => `${f}: अभी तक सेंसर की कोई रीडिंग नहीं आई है।`,
    reading: (f: string, m: string, t: string, at: string) => `${f}: मिट्टी की नमी ${m}, तापमान ${t} (${at} की रीडिंग)।`,
    dry: (low: number) => `नमी ${low} % से कम है: बारिश पास न हो तो आज ही सिंचाई करें।`,
    ok: 'नमी पर्याप्त है; अभी सिंचाई की ज़रूरत नहीं।',
    wet: 'मिट्टी गीली है; सिंचाई न करें।',
    hot: (t: number) => `तापमान अधिक है (${t} °से से ऊपर): सुबह या शाम सिंचाई करें।`,
  },
} as const;

/** Readings in Latin digits (as on the sensor tiles), times in IST. */
export function groundedAnswer(fields: FieldSnapshot[], lang: Lang): string {
  const tx = TEXT[lang];
  if (fields.length === 0) return tx.none;
  return fields
    .slice(0, 3)
    .map((f) => {
      const label = `${f.name} (${f.fieldId})`;
      if (!f.readingAt || (f.moisture === null && f.temperature === null)) return tx.noReading(label);
      const m = f.moisture === null ? '--' : `${f.moisture.toFixed(1)} %`;
      const t = f.temperature === null ? '--' : `${f.temperature.toFixed(1)} °C`;
      const at = formatWhen(lang, f.readingAt);
      const advice: string[] = [];
      if (f.moisture !== null) {
        advice.push(f.moisture < f.moistureLow ? tx.dry(f.moistureLow) : f.moisture > WET_ENOUGH_ABOVE ? tx.wet : tx.ok);
      }
      if (f.temperature !== null && f.temperature > f.temperatureHigh) advice.push(tx.hot(f.temperatureHigh));
      return [tx.reading(label, m, t, at), ...advice].join(' ');
    })
    .join('\n');
}
