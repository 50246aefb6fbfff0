/**
 * Shrinks a picked photo in the browser before upload: at most 512 px on the long side and about
 * 200 KB, re-encoded (which also drops EXIF, GPS position included). Only image files are accepted.
 */
export const PROFILE_IMAGE_MAX_SIDE = 512;
export const PROFILE_IMAGE_TARGET_BYTES = 200 * 1024;

export class NotAnImageError extends Error {
  constructor() {
    super('not an image');
    this.name = 'NotAnImageError';
  }
}

const bytesOfDataUrl = (url: string) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);

export async function shrinkImage(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new NotAnImageError();
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new NotAnImageError();
  });
  const scale = Math.min(1, PROFILE_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // Step the JPEG quality down until the photo fits; small avatars usually fit at the first try.
  for (const quality of [0.85, 0.75, 0.6, 0.45, 0.3]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (bytesOfDataUrl(url) <= PROFILE_IMAGE_TARGET_BYTES) return url;
  }
  return canvas.toDataURL('image/jpeg', 0.2);
}
