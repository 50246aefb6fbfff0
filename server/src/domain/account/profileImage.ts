/**
 * The profile picture arrives as a data URL (spec: read in the browser as an inline data URL).
 * Only PNG, JPEG and WebP are kept, checked by their magic bytes, not by what the URL claims,
 * so a script or an SVG can never be stored and served back as an "image".
 */
export const PROFILE_IMAGE_MAX_BYTES = 300 * 1024;
/** Base64 grows 4/3; the string limit lets the decoded check give the precise answer. */
export const PROFILE_IMAGE_MAX_CHARS = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 64;

export type ImageCheck = { ok: true } | { ok: false; reason: 'format' | 'type' | 'size' | 'content' };

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
