/**
 * Measures a segmented leaf: the share of each symptom colour, and texture — how the symptom
 * area is broken up (many small spots vs one spreading patch), yellow halos around dead spots,
 * and how finely yellow and green interleave (mottling, the mark of a mosaic virus).
 */
import { components, Px, type Segmentation } from './segmentation';

export type SymptomMeasures = {
  leafPixels: number;
  /** Fractions of the leaf area. */
  healthy: number;
  chlorotic: number;
  /** Yellow tissue within two pixels of dead tissue: the halo belongs to the spot, not to yellowing. */
  halo: number;
  necrotic: number;
  rust: number;
  powdery: number;
  /** necrotic + rust + powdery + chlorotic (incl. halo). */
  affected: number;
  necroticSpots: number;
  /** Largest necrotic patch as a share of all necrotic area. */
  necroticLargestShare: number;
  rustPustules: number;
  chloroticPatches: number;
  /** Green–yellow pixel borders per yellow pixel (0 for solid yellowing, high for mottling). */
  mottling: number;
  /** Leaf area as a share of the photo (segmentation quality). */
  leafShare: number;
};

/** Spots smaller than this (at the 256-px analysis size) are speckle, not symptoms. */
const MIN_SPOT = 4;

export function measureSymptoms(seg: Segmentation): SymptomMeasures {
  const { width, height, labels, leafPixels } = seg;
  const n = width * height;
  const mask = (px: Px) => {
    const m = new Uint8Array(n);
    for (let i = 0; i < n; i++) m[i] = labels[i] === px ? 1 : 0;
    return m;
  };
  const count = new Array<number>(7).fill(0);
  for (let i = 0; i < n; i++) count[labels[i]]++;

  const dead = mask(Px.Necrotic);
  const nearDead = dilate(dead, width, height, 2);
  let halo = 0;
  let mottleEdges = 0;
  for (let i = 0; i < n; i++) {
    if (labels[i] !== Px.Chlorotic) continue;
    if (nearDead[i]) halo++;
    const x = i % width;
    if (x < width - 1 && labels[i + 1] === Px.Healthy) mottleEdges++;
    if (x > 0 && labels[i - 1] === Px.Healthy) mottleEdges++;
    if (i + width < n && labels[i + width] === Px.Healthy) mottleEdges++;
    if (i - width >= 0 && labels[i - width] === Px.Healthy) mottleEdges++;
  }
  const necroticC = components(dead, width, MIN_SPOT);
  const rustC = components(mask(Px.Rust), width, 2);
  const chloroticC = components(mask(Px.Chlorotic), width, MIN_SPOT);
  const leaf = Math.max(1, leafPixels);
  const frac = (k: number) => k / leaf;
  const affectedPx = count[Px.Chlorotic] + count[Px.Necrotic] + count[Px.Rust] + count[Px.Powdery];
  return {
    leafPixels,
    healthy: frac(count[Px.Healthy]),
    chlorotic: frac(count[Px.Chlorotic]),
    halo: frac(halo),
    necrotic: frac(count[Px.Necrotic]),
    rust: frac(count[Px.Rust]),
    powdery: frac(count[Px.Powdery]),
    affected: frac(affectedPx),
    necroticSpots: necroticC.count,
    necroticLargestShare: count[Px.Necrotic] ? necroticC.largest / count[Px.Necrotic] : 0,
    rustPustules: rustC.count,
    chloroticPatches: chloroticC.count,
    mottling: count[Px.Chlorotic] ? mottleEdges / count[Px.Chlorotic] : 0,
    leafShare: leafPixels / n,
  };
}

function dilate(m: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(m.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!m[y * width + x]) continue;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width) out[yy * width + xx] = 1;
        }
      }
    }
  }
  return out;
}
