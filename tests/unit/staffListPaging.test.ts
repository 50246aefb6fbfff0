/**
 * The one paging rule every staff list shares (src/machines/staffList.ts `isOtherPage`): a page of the list other than
 * the one shown. The pagers only offer such pages; the machines refuse any other `page.go` the same way.
 */
import { describe, expect, it } from 'vitest';
import { isOtherPage } from '@/machines/staffList';

describe('isOtherPage', () => {
  const shown = { page: 2, totalPages: 3 };
  it('is any other page from the first to the last', () => {
    expect(isOtherPage(shown, 1)).toBe(true);
    expect(isOtherPage(shown, 3)).toBe(true);
  });
  it('is not the page shown, nor one before the first or after the last', () => {
    expect(isOtherPage(shown, 2)).toBe(false);
    expect(isOtherPage(shown, 0)).toBe(false);
    expect(isOtherPage(shown, -1)).toBe(false);
    expect(isOtherPage(shown, 4)).toBe(false);
    expect(isOtherPage({ page: 1, totalPages: 1 }, 1)).toBe(false);
  });
});
