/**
 * Decodes a checked photo into a small RGB raster: EXIF orientation applied, transparency
 * flattened onto white, longest side at most ANALYSIS_SIDE. Colour analysis needs no more
 * resolution than that, and it keeps the work per request bounded (~65k pixels).
 */
import sharp from 'sharp';
import { badRequest } from '../../lib/errors';
import { DISEASE_INPUT_ERRORS, MAX_PIXELS } from './imageGuard';

export const ANALYSIS_SIDE = 256;

export type Raster = { width: number; height: number; rgb: Uint8Array };

export async function decodeRaster(buf: Uint8Array, side = ANALYSIS_SIDE): Promise<Raster> {
  try {
    const { data, info } = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch {
    throw badRequest(DISEASE_INPUT_ERRORS.unreadable, undefined, 'IMAGE_UNREADABLE');
  }
}

/** Hue in degrees [0, 360), saturation and value in [0, 1]. */
export function toHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return [h, max === 0 ? 0 : d / max, max / 255];
}
