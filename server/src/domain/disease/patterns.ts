/**
 * Names the visible symptom pattern from the measures, with a confidence that says how clear the
 * evidence is: strong when one pattern clearly dominates and covers enough leaf, weak when two
 * patterns compete, the symptom area is small, or the leaf was hard to separate from the background.
 */
import type { SymptomMeasures } from './symptoms';

export const PATTERNS = ['healthy', 'leafSpot', 'blight', 'rust', 'powderyMildew', 'mosaic', 'yellowing'] as const;
export type Pattern = (typeof PATTERNS)[number];

export type PatternVerdict = { pattern: Pattern; confidence: number; scores: Record<Pattern, number> };

/** Below this share of symptomatic leaf area the leaf is called healthy (HB class 1 lower half). */
export const HEALTHY_BELOW = 0.02;

export function classifyPattern(m: SymptomMeasures): PatternVerdict {
  const spotted = m.necroticSpots >= 4 && m.necroticLargestShare < 0.4;
  const yellowNotHalo = Math.max(0, m.chlorotic - m.halo);
  const mottled = m.mottling > 0.35 && m.chloroticPatches >= 3;
  const scores: Record<Pattern, number> = {
    healthy: 0,
    // A dead spot with its yellow halo is one symptom: count the halo with the spots.
    leafSpot: spotted ? m.necrotic + m.halo : 0,
    blight: spotted ? 0 : m.necrotic + m.halo * 0.5,
    rust: m.rust * (m.rustPustules >= 3 ? 1.3 : 0.7),
    powderyMildew: m.powdery,
    mosaic: mottled ? yellowNotHalo : yellowNotHalo * 0.3,
    yellowing: mottled ? yellowNotHalo * 0.3 : yellowNotHalo,
  };
  const segmentationQuality = m.leafShare >= 0.08 && m.leafShare <= 0.92 ? 1 : 0.8;
  if (m.affected < HEALTHY_BELOW) {
    scores.healthy = 1;
    const clean = 1 - m.affected / HEALTHY_BELOW;
    return { pattern: 'healthy', confidence: round(clamp((0.7 + 0.25 * clean) * segmentationQuality)), scores };
  }
  const ranked = (Object.entries(scores) as [Pattern, number][]).sort((a, b) => b[1] - a[1]);
  const [[pattern, top], [, second]] = ranked;
  const margin = top > 0 ? (top - second) / top : 0;
  const amount = Math.min(1, top / 0.1);
  const confidence = clamp((0.25 + 0.45 * margin + 0.27 * amount) * segmentationQuality);
  return { pattern, confidence: round(confidence), scores };
}

const clamp = (x: number) => Math.min(0.97, Math.max(0.05, x));
const round = (x: number) => Math.round(x * 100) / 100;
