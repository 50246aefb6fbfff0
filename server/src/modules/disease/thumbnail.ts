/** The ~160 px WebP thumbnail kept with each diagnosis (the photo itself is never stored). */
import sharp from 'sharp';
import { MAX_PIXELS } from '../../domain/disease/imageGuard';

export const THUMBNAIL_SIDE = 160;

/** A ~160 px WebP data URL (EXIF orientation applied); the upload was already checked by analyseLeaf. */
export async function makeThumbnail(image: Buffer): Promise<string> {
  const out = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
  return `data:image/webp;base64,${out.toString('base64')}`;
}
