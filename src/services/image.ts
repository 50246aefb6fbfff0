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

/**
 * Leaf photos for the disease detector (issue 14): a 3.7 MB phone photo took longer than the old timeout
 * on slow 3G. Longest side 1024 px, re-encoded as JPEG stepping the quality down until it is at most
 * ~300 KB (a typical phone photo lands at 150–300 KB at the first step). A photo already within both limits
 * is sent as it is; one the browser cannot decode is refused.
 */
export const LEAF_MAX_SIDE = 1024;
export const LEAF_TARGET_BYTES = 300 * 1024;
const LEAF_QUALITIES = [0.82, 0.72, 0.6, 0.45] as const;

/** The size to draw a photo at, or null when the original may go as it is (small in pixels and in bytes). */
export function leafTargetSize(width: number, height: number, bytes: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= LEAF_MAX_SIDE && bytes <= LEAF_TARGET_BYTES) return null;
  const scale = Math.min(1, LEAF_MAX_SIDE / longest);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `leaf.heic` → `leaf.jpg`: the re-encoded photo keeps the farmer's name for it. */
export const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'leaf'}.jpg`;

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality));
}

/** Resizes and re-encodes a leaf photo for upload; throws NotAnImageError for a file the browser cannot decode. */
export async function prepareLeafPhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) throw new NotAnImageError();
  // EXIF orientation applied, so a portrait phone photo stays upright after re-encoding.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => {
    throw new NotAnImageError();
  });
  try {
    const size = leafTargetSize(bitmap.width, bitmap.height, file.size);
    if (!size) return file;
    let blob: Blob | null = null;
    for (const quality of LEAF_QUALITIES) {
      blob = await encodeJpeg(bitmap, size.width, size.height, quality);
      if (blob.size <= LEAF_TARGET_BYTES) break;
    }
    return new File([blob!], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
