/** The leaf-photo resize arithmetic (issue 14): jsdom has no canvas, so the real re-encode is in tests/e2e/diseasePhotos.e2e.ts. */
import { describe, expect, it } from 'vitest';
import { jpegName, LEAF_MAX_SIDE, LEAF_TARGET_BYTES, leafTargetSize, NotAnImageError, prepareLeafPhoto } from '@/services/image';

describe('leafTargetSize', () => {
  it('brings a 4000×3000 phone photo down to 1024 on its longest side, keeping the aspect', () => {
    expect(leafTargetSize(4000, 3000, 3.7 * 1024 * 1024)).toEqual({ width: 1024, height: 768 });
    expect(leafTargetSize(3000, 4000, 3.7 * 1024 * 1024)).toEqual({ width: 768, height: 1024 });
    expect(leafTargetSize(4032, 1908, 2_000_000)).toEqual({ width: 1024, height: 485 });
  });
  it('keeps a photo that is already small in pixels and in bytes', () => {
    expect(leafTargetSize(1024, 768, LEAF_TARGET_BYTES)).toBeNull();
    expect(leafTargetSize(640, 480, 90_000)).toBeNull();
  });
  it('re-encodes a small-pixel photo that is heavy (e.g. a PNG) at its own size, and never enlarges', () => {
    expect(leafTargetSize(900, 600, LEAF_TARGET_BYTES + 1)).toEqual({ width: 900, height: 600 });
    expect(leafTargetSize(LEAF_MAX_SIDE + 1, 10, 1000)).toEqual({ width: LEAF_MAX_SIDE, height: 10 });
  });
  it('names the re-encoded photo .jpg', () => {
    expect(jpegName('IMG_2041.HEIC')).toBe('IMG_2041.jpg');
    expect(jpegName('leaf')).toBe('leaf.jpg');
    expect(jpegName('.png')).toBe('leaf.jpg');
  });
});

describe('prepareLeafPhoto', () => {
  it('refuses a file that is not an image before decoding anything', async () => {
    await expect(prepareLeafPhoto(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).rejects.toBeInstanceOf(NotAnImageError);
  });
});
