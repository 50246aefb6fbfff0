/**
 * A small labelled set of synthetic leaf photos, drawn as SVG and rendered by sharp: one leaf on a
 * plain background, with the symptom pattern painted inside the leaf outline, film grain and uneven
 * light on top. Seeded, so every run
 * sees the same set. Not a substitute for field photos; it checks the analyser does what it claims.
 */
import sharp from 'sharp';
import type { Pattern } from '../../../../server/src/domain/disease/patterns';

export type LeafSample = { label: Pattern; name: string; png: Buffer };

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Paper, concrete, sky, cloth and bare brown soil.
const BACKGROUNDS = ['#ffffff', '#e6e6e6', '#d3e4f3', '#f2eadc', '#7d5d3f'];
const GREENS = ['#3a8f3a', '#2f7d32', '#4c9e3e', '#357a2a'];

export function leafSvg(label: Pattern, seed: number, W = 400, H = 300): string {
  const r = rng(seed);
  const pick = <T,>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const cx = W / 2 + (r() - 0.5) * 30;
  const cy = H / 2 + (r() - 0.5) * 20;
  const rx = 140 + r() * 30;
  const ry = 75 + r() * 20;
  const angle = (r() - 0.5) * 50;
  const inLeaf = () => {
    // A point inside the leaf ellipse (in the leaf's own frame).
    for (;;) {
      const x = (r() * 2 - 1) * rx * 0.9;
      const y = (r() * 2 - 1) * ry * 0.85;
      if ((x / rx) ** 2 + (y / ry) ** 2 < 0.8) return [cx + x, cy + y];
    }
  };
  const fill = label === 'yellowing' ? pick(['#cfc83c', '#d4cc45', '#c8c236']) : pick(GREENS);
  const marks: string[] = [];
  if (label === 'leafSpot') {
    const n = 10 + Math.floor(r() * 12);
    for (let i = 0; i < n; i++) {
      const [x, y] = inLeaf();
      const rr = 4 + r() * 5;
      marks.push(`<circle cx="${x}" cy="${y}" r="${rr + 3}" fill="#d9c93b"/><circle cx="${x}" cy="${y}" r="${rr}" fill="#5e3519"/>`);
    }
  } else if (label === 'blight') {
    const reach = 0.5 + r() * 0.6;
    const x0 = cx + rx * (1 - reach);
    marks.push(
      `<path d="M ${x0} ${cy - ry} Q ${x0 - 25} ${cy} ${x0 + 10} ${cy + ry} L ${cx + rx + 10} ${cy + ry} L ${cx + rx + 10} ${cy - ry} Z" fill="#7a4a22"/>`,
      `<path d="M ${x0} ${cy - ry} Q ${x0 - 25} ${cy} ${x0 + 10} ${cy + ry}" stroke="#3b2210" stroke-width="5" fill="none"/>`,
    );
  } else if (label === 'rust') {
    const n = 50 + Math.floor(r() * 60);
    for (let i = 0; i < n; i++) {
      const [x, y] = inLeaf();
      marks.push(`<circle cx="${x}" cy="${y}" r="${2 + r() * 2}" fill="${pick(['#e2781a', '#d96a12', '#e8871f'])}"/>`);
    }
  } else if (label === 'powderyMildew') {
    const n = 6 + Math.floor(r() * 7);
    for (let i = 0; i < n; i++) {
      const [x, y] = inLeaf();
      marks.push(`<circle cx="${x}" cy="${y}" r="${14 + r() * 14}" fill="#f4f4f0" filter="url(#blur)"/>`);
    }
  } else if (label === 'mosaic') {
    const n = 25 + Math.floor(r() * 20);
    for (let i = 0; i < n; i++) {
      const [x, y] = inLeaf();
      marks.push(`<ellipse cx="${x}" cy="${y}" rx="${5 + r() * 9}" ry="${4 + r() * 7}" fill="${pick(['#d6d24a', '#cfd150', '#dcd35a'])}"/>`);
    }
  }
  const veins = `<line x1="${cx - rx}" y1="${cy}" x2="${cx + rx}" y2="${cy}" stroke="${label === 'yellowing' ? '#6f9a2c' : '#24611f'}" stroke-width="3"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><filter id="blur"><feGaussianBlur stdDeviation="3"/></filter>
  <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" seed="${seed % 97}"/><feColorMatrix type="saturate" values="0"/></filter>
  <linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
  <clipPath id="leaf"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${angle} ${cx} ${cy})"/></clipPath></defs>
  <rect width="100%" height="100%" fill="${pick(BACKGROUNDS)}"/>
  <g clip-path="url(#leaf)"><g transform="rotate(${angle} ${cx} ${cy})">
    <rect x="0" y="0" width="${W}" height="${H}" fill="${fill}"/>${veins}${marks.join('')}
  </g></g>
  <rect width="100%" height="100%" filter="url(#grain)" opacity="0.15"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
</svg>`;
}

export const renderSvg = (svg: string, format: 'png' | 'jpeg' = 'png') =>
  format === 'png' ? sharp(Buffer.from(svg)).png().toBuffer() : sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();

export const SYNTHETIC_LABELS: Pattern[] = ['healthy', 'leafSpot', 'blight', 'rust', 'powderyMildew', 'mosaic', 'yellowing'];

/** perClass photos of each pattern; every third one as JPEG so compression artefacts are in the set. */
export async function syntheticLeafSet(perClass = 5, seed = 7): Promise<LeafSample[]> {
  const out: LeafSample[] = [];
  for (const label of SYNTHETIC_LABELS) {
    for (let i = 0; i < perClass; i++) {
      const s = seed * 1000 + SYNTHETIC_LABELS.indexOf(label) * 100 + i;
      out.push({ label, name: `${label}-${i}`, png: await renderSvg(leafSvg(label, s), i % 3 === 2 ? 'jpeg' : 'png') });
    }
  }
  return out;
}
