/** Page arithmetic shared by the staff tables (pages are numbered from 1). */

/** How many pages `n` items fill, at least one. */
export const pageCount = (n: number, size: number) => Math.max(1, Math.ceil(n / size));

/** `page` moved into 1..totalPages. */
export const clampPage = (page: number, totalPages: number) => Math.min(Math.max(1, page), totalPages);

/** The items on `page`. */
export const pageOf = <T>(items: T[], page: number, size: number) => items.slice((page - 1) * size, page * size);
