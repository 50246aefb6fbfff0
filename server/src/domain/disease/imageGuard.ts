/**
 * What an uploaded leaf photo must satisfy before anything decodes it: the real format read from
 * magic bytes (the file name and the client's content type are not trusted), a byte limit, and
 * bounded dimensions read from the header, so a tiny file that decompresses into gigapixels
 * (a decompression bomb) is refused before any pixel is allocated.
 */
import sharp from 'sharp';
import { badRequest, translated } from '../../lib/errors';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Smaller than this there is no leaf to see (a 1×1 pixel, an icon). */
export const MIN_SIDE = 32;
/** Phone cameras reach ~8,000 px; anything longer is a panorama or a bomb. */
export const MAX_SIDE = 10_000;
/** Decoder-level ceiling (sharp's limitInputPixels): 50 megapixels. */
export const MAX_PIXELS = 50_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const DISEASE_INPUT_ERRORS = {
  notImage: translated(
    'Please upload a photo in JPEG, PNG or WebP format.',
    'कृपया JPEG, PNG किंवा WebP स्वरूपातील फोटो अपलोड करा.',
    'कृपया JPEG, PNG या WebP प्रारूप में फ़ोटो अपलोड करें।',
  ),
  tooLarge: translated(
    'The photo is larger than 10 MB. Please choose a smaller photo.',
    'फोटो 10 MB पेक्षा मोठा आहे. कृपया लहान फोटो निवडा.',
    'फ़ोटो 10 MB से बड़ा है। कृपया छोटी फ़ोटो चुनें।',
  ),
  tooSmall: translated(
    'The photo is too small to analyse (at least 32 × 32 pixels).',
    'विश्लेषणासाठी फोटो खूप लहान आहे (किमान 32 × 32 पिक्सेल).',
    'विश्लेषण के लिए फ़ोटो बहुत छोटी है (कम से कम 32 × 32 पिक्सेल)।',
  ),
  tooBig: translated(
    'The photo dimensions are too large (at most 10,000 pixels per side and 50 megapixels).',
    'फोटोचा आकार खूप मोठा आहे (प्रत्येक बाजू जास्तीत जास्त 10,000 पिक्सेल व एकूण 50 मेगापिक्सेल).',
    'फ़ोटो का आकार बहुत बड़ा है (हर ओर अधिकतम 10,000 पिक्सेल और कुल 50 मेगापिक्सेल)।',
  ),
  unreadable: translated(
    'The photo could not be read. Please take it again.',
    'फोटो वाचता आला नाही. कृपया पुन्हा फोटो काढा.',
    'फ़ोटो पढ़ी नहीं जा सकी। कृपया फिर से फ़ोटो लें।',
  ),
  noLeaf: translated(
    'No leaf was found in the photo. Photograph a single leaf against a plain background.',
    'फोटोमध्ये पान सापडले नाही. साध्या पार्श्वभूमीवर एकाच पानाचा फोटो काढा.',
    'फ़ोटो में पत्ती नहीं मिली। सादी पृष्ठभूमि पर एक पत्ती की फ़ोटो लें।',
  ),
};

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);

/** The format the bytes really are, or null. */
export function sniffImageFormat(buf: Uint8Array): ImageFormat | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export type CheckedImage = { format: ImageFormat; width: number; height: number };

/** Throws a translated 400 for anything that is not a reasonable leaf photo. */
export async function checkLeafImage(buf: Uint8Array): Promise<CheckedImage> {
  if (buf.byteLength > MAX_UPLOAD_BYTES) throw badRequest(DISEASE_INPUT_ERRORS.tooLarge, undefined, 'IMAGE_TOO_LARGE');
  const format = sniffImageFormat(buf);
  if (!format) throw badRequest(DISEASE_INPUT_ERRORS.notImage, undefined, 'IMAGE_TYPE');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // Reads the header only; no pixels are decoded here.
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(DISEASE_INPUT_ERRORS.unreadable, undefined, 'IMAGE_UNREADABLE');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (meta.format !== format) throw badRequest(DISEASE_INPUT_ERRORS.notImage, undefined, 'IMAGE_TYPE');
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw badRequest(DISEASE_INPUT_ERRORS.tooSmall, { width, height }, 'IMAGE_TOO_SMALL');
  }
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw badRequest(DISEASE_INPUT_ERRORS.tooBig, { width, height }, 'IMAGE_DIMENSIONS');
  }
  return { format, width, height };
}
