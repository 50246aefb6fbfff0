/**
 * The profile picture arrives as a data URL (spec: read in the browser as an inline data URL).
 * Only PNG, JPEG and WebP are kept, checked by their magic bytes, not by what the URL claims,
 * so a script or an SVG can never be stored and served back as an "image".
 *
 * Then the server decodes it itself (normaliseProfileImage): the dimensions are read from the header
 * first and a picture larger than PROFILE_IMAGE_MAX_SIDE on a side is refused before any pixel is
 * decoded (a 300 KB PNG can claim 20000×20000 pixels, 1.6 GB once decoded); the rest is re-encoded
 * as WebP of at most PROFILE_IMAGE_OUTPUT_SIDE px, without its metadata (EXIF location, comments).
 */
import sharp, { type Metadata } from 'sharp';

export const PROFILE_IMAGE_MAX_BYTES = 300 * 1024;
/** Base64 grows 4/3; the string limit lets the decoded check give the precise answer. */
export const PROFILE_IMAGE_MAX_CHARS = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 64;

/** The largest picture accepted, per side; sharp refuses to decode more pixels than its square. */
export const PROFILE_IMAGE_MAX_SIDE = 4096;
/** The stored picture fits in this square. */
export const PROFILE_IMAGE_OUTPUT_SIDE = 512;

export type ImageProblem = 'format' | 'type' | 'size' | 'content' | 'dimensions' | 'undecodable';
export type ImageCheck = { ok: true } | { ok: false; reason: Exclude<ImageProblem, 'dimensions' | 'undecodable'> };

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export function checkProfileImage(dataUrl: string): ImageCheck {
  const m = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m) return { ok: false, reason: 'format' };
  const sniff = MAGIC[m[1]];
  if (!sniff) return { ok: false, reason: 'type' };
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) return { ok: false, reason: 'size' };
  if (bytes.length < 12 || !sniff(bytes)) return { ok: false, reason: 'content' };
  return { ok: true };
}

const FORMAT_OF: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/** The picture as the server stores it (a WebP data URL), or why it is refused. */
export async function normaliseProfileImage(dataUrl: string): Promise<{ ok: true; dataUrl: string } | { ok: false; reason: ImageProblem }> {
  const check = checkProfileImage(dataUrl);
  if (!check.ok) return check;
  const [head, b64] = dataUrl.split(',');
  const type = head.slice('data:'.length, head.indexOf(';'));
  const bytes = Buffer.from(b64, 'base64');
  const limitInputPixels = PROFILE_IMAGE_MAX_SIDE * PROFILE_IMAGE_MAX_SIDE;
  let meta: Metadata;
  try {
    // Reads the header only: nothing is decoded yet.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
  if (meta.format !== FORMAT_OF[type]) return { ok: false, reason: 'content' };
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) return { ok: false, reason: 'undecodable' };
  if (width > PROFILE_IMAGE_MAX_SIDE || height > PROFILE_IMAGE_MAX_SIDE) return { ok: false, reason: 'dimensions' };
  try {
    const out = await sharp(bytes, { limitInputPixels, failOn: 'error', pages: 1 })
      .rotate() // the EXIF orientation, applied before the metadata goes
      .resize(PROFILE_IMAGE_OUTPUT_SIDE, PROFILE_IMAGE_OUTPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, dataUrl: `data:image/webp;base64,${out.toString('base64')}` };
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
}
