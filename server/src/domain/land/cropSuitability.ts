/**
 * Ranks the region's crops (knowledge/crops.json) for a soil: start at 100 and subtract for a pH
 * outside the crop's range (30 points per pH unit), for nutrients the crop needs much of but the
 * soil lacks, for crops not grown in the region, and for thirsty crops in low-rainfall regions.
 * Every deduction is written into the reason, so the farmer sees why.
 */
import crops from './knowledge/crops.json';
import type { Lang } from '../language';
import type { Region } from './regions';
import { isShort, type SoilRating } from './soilRating';
import { CATEGORY, LEVEL, NUTRIENT, SEASON } from './labels';

type Level = 'low' | 'medium' | 'high';
export type Crop = {
  id: string;
  name: { english: string; marathi: string; hindi: string };
  category: string;
  seasons: string[];
  ph: [number, number];
  needs: { nitrogen: Level; phosphorus: Level; potassium: Level };
  water: Level;
  market: Level;
  investment: Level;
  regions: string[];
};

export const CROPS = crops.crops as Crop[];
export const CROPS_SOURCE: string = crops.source;

export type CropRecommendation = {
  id: string;
  name: string;
  suitability: number;
  season: string;
  category: string;
  marketPotential: string;
  investmentRequired: string;
  reason: string;
};

const DRY_REGION_BELOW_MM = 800;

const WORDS = {
  english: { phOk: (a: number, b: number) => `pH suits it (${a}–${b})`, phOff: (a: number, b: number) => `pH outside its range ${a}–${b}`, short: (n: string) => `needs more ${n}`, region: (r: string) => `grown in ${r}`, notRegion: (r: string) => `not usual in ${r}`, water: 'needs assured irrigation here' },
  marathi: { phOk: (a: number, b: number) => `सामू योग्य (${a}–${b})`, phOff: (a: number, b: number) => `सामू ${a}–${b} या मर्यादेबाहेर`, short: (n: string) => `${n} जास्त लागेल`, region: (r: string) => `${r} मध्ये घेतले जाते`, notRegion: (r: string) => `${r} मध्ये सहसा घेतले जात नाही`, water: 'येथे हमखास सिंचन आवश्यक' },
  hindi: { phOk: (a: number, b: number) => `पीएच उपयुक्त (${a}–${b})`, phOff: (a: number, b: number) => `पीएच ${a}–${b} सीमा से बाहर`, short: (n: string) => `अधिक ${n} चाहिए`, region: (r: string) => `${r} में उगाई जाती है`, notRegion: (r: string) => `${r} में आम नहीं`, water: 'यहाँ पक्की सिंचाई चाहिए' },
} as const;

export function recommendCrops(soil: SoilRating, region: Region | undefined, lang: Lang, limit = 5): CropRecommendation[] {
  const w = WORDS[lang];
  return CROPS.map((crop) => {
    let score = 100;
    const why: string[] = [];
    const [lo, hi] = crop.ph;
    const off = soil.ph.value < lo ? lo - soil.ph.value : soil.ph.value > hi ? soil.ph.value - hi : 0;
    if (off > 0) {
      score -= Math.min(60, 30 * off);
      why.push(w.phOff(lo, hi));
    } else why.push(w.phOk(lo, hi));
    for (const n of ['nitrogen', 'phosphorus', 'potassium'] as const) {
      if (!isShort(soil[n].status) || crop.needs[n] === 'low') continue;
      score -= crop.needs[n] === 'high' ? (soil[n].status === 'veryLow' ? 20 : 15) : 7;
      why.push(w.short(NUTRIENT[n][lang]));
    }
    if (region) {
      if (crop.regions.includes(region.id)) why.push(w.region(region.name[lang]));
      else {
        score -= 15;
        why.push(w.notRegion(region.name[lang]));
      }
      if (crop.water === 'high' && region.annualRainMm < DRY_REGION_BELOW_MM) {
        score -= 10;
        why.push(w.water);
      }
    }
    return {
      id: crop.id,
      name: crop.name[lang],
      suitability: Math.max(5, Math.round(score)),
      season: crop.seasons.map((s) => SEASON[s][lang]).join(', '),
      category: CATEGORY[crop.category][lang],
      marketPotential: LEVEL[crop.market][lang],
      investmentRequired: LEVEL[crop.investment][lang],
      reason: why.join('; '),
    };
  })
    .sort((a, b) => b.suitability - a.suitability)
    .slice(0, limit);
}
