/**
 * Finds the leaf and labels every leaf pixel by symptom colour.
 *
 * Leaf: pixels that look like plant tissue (green, yellow, orange-brown with some saturation) are
 * seeds; the background is everything reachable from the image border through non-plant pixels
 * (white paper, grey, sky, a dark table). What the background cannot reach is leaf, so lesions,
 * white mildew and dark dead tissue *inside* the leaf outline count as leaf. The largest connected
 * piece is kept. When most of the border itself looks like plant tissue (a brown soil background, or a
 * close-up where the leaf fills the frame), only green and yellow tissue stops the flood, so soil is not
 * mistaken for a dead leaf. Assumption (told to the farmer in the UI): one leaf on a contrasting background.
 */
import { toHsv, type Raster } from './raster';

export const enum Px {
  Background = 0,
  Healthy = 1,
  Chlorotic = 2,
  Necrotic = 3,
  Rust = 4,
  Powdery = 5,
  Other = 6,
}

export type Segmentation = {
  width: number;
  height: number;
  /** One Px per pixel. */
  labels: Uint8Array;
  leafPixels: number;
  /** True when the border looked like plant tissue and the stricter barrier was used. */
  strictBarrier: boolean;
};

function looksLikePlant(h: number, s: number, v: number): boolean {
  if (h >= 65 && h < 170) return s > 0.15 && v > 0.12;
  if (h >= 40 && h < 65) return s > 0.25 && v > 0.3;
  if (h < 40 || h >= 330) return s > 0.3 && v > 0.15;
  return false;
}

/** Green or yellow tissue only: the barrier used when the background itself is brown or orange. */
function looksLikeLiveTissue(h: number, s: number, v: number): boolean {
  return h >= 40 && h < 170 && s > 0.2 && v > 0.15;
}

/** Symptom class of a pixel already known to be leaf. Order matters: rust before brown. */
export function symptomOf(h: number, s: number, v: number): Px {
  if (s < 0.2 && v > 0.65) return Px.Powdery;
  if (v < 0.22) return Px.Necrotic;
  if (h >= 8 && h < 40 && s > 0.6 && v > 0.6) return Px.Rust;
  if (h >= 40 && h < 68 && s > 0.25 && v > 0.45) return Px.Chlorotic;
  if ((h < 45 || h >= 330) && s > 0.2) return Px.Necrotic;
  if (h >= 68 && h < 170 && s > 0.15) return Px.Healthy;
  return Px.Other;
}

export function segmentLeaf(r: Raster): Segmentation {
  const { width, height, rgb } = r;
  const n = width * height;
  const plant = new Uint8Array(n);
  const hsv = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const [h, s, v] = toHsv(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]);
    hsv[i * 3] = h;
    hsv[i * 3 + 1] = s;
    hsv[i * 3 + 2] = v;
    plant[i] = looksLikePlant(h, s, v) ? 1 : 0;
  }
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const strictBarrier = border.filter((i) => plant[i]).length > border.length / 2;
  if (strictBarrier) {
    for (let i = 0; i < n; i++) plant[i] = looksLikeLiveTissue(hsv[i * 3], hsv[i * 3 + 1], hsv[i * 3 + 2]) ? 1 : 0;
  }
  // Flood the background in from the border over non-plant pixels.
  const background = new Uint8Array(n);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!background[i] && !plant[i]) {
      background[i] = 1;
      stack.push(i);
    }
  };
  for (const i of border) push(i);
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < n - width) push(i + width);
  }
  const leafMask = new Uint8Array(n);
  for (let i = 0; i < n; i++) leafMask[i] = background[i] ? 0 : 1;
  const leaf = largestComponent(leafMask, width);
  if (strictBarrier) regrowDeadEdges(leaf, r, border, hsv);
  const labels = new Uint8Array(n);
  let leafPixels = 0;
  for (let i = 0; i < n; i++) {
    if (!leaf[i]) continue;
    leafPixels++;
    labels[i] = symptomOf(hsv[i * 3], hsv[i * 3 + 1], hsv[i * 3 + 2]);
  }
  return { width, height, labels, leafPixels, strictBarrier };
}

/** RGB distance from the background colour above which a brown pixel is leaf tissue, not soil. */
const UNLIKE_BACKGROUND = 30;

/**
 * With the strict barrier, dead tissue on the leaf's edge (a blighted tip) was flooded as background.
 * Grow the leaf back into touching plant-coloured pixels that differ clearly from the background's
 * median colour.
 */
function regrowDeadEdges(leaf: Uint8Array, r: Raster, border: number[], hsv: Float32Array) {
  const { width, rgb } = r;
  const median = (c: number) => {
    const xs = border.map((i) => rgb[i * 3 + c]).sort((a, b) => a - b);
    return xs[xs.length >> 1];
  };
  const bg = [median(0), median(1), median(2)];
  const unlikeBackground = (i: number) =>
    Math.hypot(rgb[i * 3] - bg[0], rgb[i * 3 + 1] - bg[1], rgb[i * 3 + 2] - bg[2]) > UNLIKE_BACKGROUND &&
    looksLikePlant(hsv[i * 3], hsv[i * 3 + 1], hsv[i * 3 + 2]);
  const stack: number[] = [];
  for (let i = 0; i < leaf.length; i++) if (leaf[i]) stack.push(i);
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j >= 0 && j < leaf.length && !leaf[j] && unlikeBackground(j)) {
        leaf[j] = 1;
        stack.push(j);
      }
    }
  }
}

export type Components = { count: number; sizes: number[]; largest: number };

/** Labels the 4-connected components of mask pixels (label -1 outside the mask); the size of each label. */
function labelComponents(mask: Uint8Array, width: number): { label: Int32Array; sizes: number[] } {
  const label = new Int32Array(mask.length).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] >= 0) continue;
    const id = sizes.length;
    let size = 0;
    label[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < mask.length && mask[j] && label[j] < 0) {
          label[j] = id;
          stack.push(j);
        }
      }
    }
    sizes.push(size);
  }
  return { label, sizes };
}

/** 4-connected components of mask pixels; components smaller than minSize are noise and dropped. */
export function components(mask: Uint8Array, width: number, minSize = 1): Components {
  const sizes = labelComponents(mask, width).sizes.filter((size) => size >= minSize);
  return { count: sizes.length, sizes, largest: sizes.length ? Math.max(...sizes) : 0 };
}

/** The mask of the largest component (the first of equal largest ones). */
function largestComponent(mask: Uint8Array, width: number): Uint8Array {
  const { label, sizes } = labelComponents(mask, width);
  let best = -1;
  let bestSize = 0;
  sizes.forEach((size, id) => {
    if (size > bestSize) {
      bestSize = size;
      best = id;
    }
  });
  const out = new Uint8Array(mask.length);
  if (best >= 0) for (let i = 0; i < mask.length; i++) out[i] = label[i] === best ? 1 : 0;
  return out;
}
