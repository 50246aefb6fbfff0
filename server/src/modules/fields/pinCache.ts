/**
 * The Field Map's answer (GET /fields/map), kept serialised per scope: all fields for admins, a coordinator's
 * managed farmers' fields for that coordinator. With 20,000 fields the query and JSON cost ~100 ms; a cached
 * answer costs a header comparison (If-None-Match → 304) or one buffer write, already gzip- and
 * brotli-compressed for slow rural links.
 *
 * Staleness: every write that changes what a pin shows calls `fieldsChanged(db)` (creation, location,
 * health), and people writes already call `accessChanged` (a farmer's name or status, reassignment, a
 * coordinator's release); any of these clears every cached answer in this process at once and, through
 * NOTIFY shetmitra_access, in every other process (lib/accessCache.ts). A load that was running while a
 * change arrived is answered but not kept. Entries also expire after MAP_CACHE_SECONDS as a backstop.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FieldPin, FieldPins } from '../../../../contracts/fields';
import type { Db } from '../../db/client';
import { isAdmin, type AuthUser } from '../../lib/access';
import { accessChanged, createTtlCache, onAccessChange, type AccessChange } from '../../lib/accessCache';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this the answer goes uncompressed (a header costs more than it saves). */
const COMPRESS_MIN_BYTES = 1024;

export type PinsAnswer = { json: Buffer; etag: string; gzip?: Buffer; br?: Buffer; count: number };

/** Announces that fields changed (call right after the write, on the same db or transaction). */
export function fieldsChanged(db: Db) {
  return accessChanged(db, { fields: true });
}

/** Which changes can alter a pin or who sees it: anything but a plain session end. */
export const touchesPins = (c: AccessChange) => !!(c.all || c.fields || c.scopes || c.users?.length);

const STATUS_CODE = { good: 'g', warning: 'w', alert: 'a' } as const;
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** Pins → the columns of the contract (the web client's decodePins is the inverse). */
export function encodePins(pins: readonly FieldPin[]): FieldPins {
  const dict = () => {
    const index = new Map<string, number>();
    const values: string[] = [];
    return {
      values,
      of(v: string | null) {
        if (v == null || v === '') return -1;
        let i = index.get(v);
        if (i === undefined) index.set(v, (i = values.push(v) - 1));
        return i;
      },
    };
  };
  const crops = dict();
  const farmers = dict();
  const out: FieldPins = { count: pins.length, fieldId: [], name: [], status: '', crop: [], crops: crops.values, farmer: [], farmers: farmers.values, lat: [], lng: [] };
  const status: string[] = [];
  for (const p of pins) {
    out.fieldId.push(p.fieldId);
    out.name.push(p.fieldName);
    status.push(STATUS_CODE[p.status] ?? 'g');
    out.crop.push(crops.of(p.crop));
    out.farmer.push(farmers.of(p.farmerName));
    out.lat.push(round5(p.lat));
    out.lng.push(round5(p.lng));
  }
  out.status = status.join('');
  return out;
}

export async function serialisePins(pins: readonly FieldPin[]): Promise<PinsAnswer> {
  const json = Buffer.from(JSON.stringify(encodePins(pins)));
  // Weak: the same answer goes out in three encodings.
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  if (json.length < COMPRESS_MIN_BYTES) return { json, etag, count: pins.length };
  const [gz, br] = await Promise.all([
    gzipAsync(json, { level: 6 }),
    // Quality 5: most of brotli's gain at a small fraction of quality 11's time (~20 ms for 20,000 pins).
    brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  ]);
  return { json, etag, gzip: gz, br, count: pins.length };
}

export const pinScope = (user: AuthUser, limit: number) => (isAdmin(user) ? `all|${limit}` : `${user.role}:${user.id}|${limit}`);

export function createPinCache(load: (user: AuthUser, limit: number) => Promise<FieldPin[]>, ttlMs: number) {
  const cache = createTtlCache<PinsAnswer>(ttlMs, 1000);
  // Concurrent misses of one scope share one load; a change drops them so later callers load afresh.
  const inflight = new Map<string, Promise<PinsAnswer>>();
  const stop = onAccessChange((c) => {
    if (!touchesPins(c)) return;
    cache.clear();
    inflight.clear();
  });
  return {
    async get(user: AuthUser, limit: number): Promise<PinsAnswer> {
      const key = pinScope(user, limit);
      const hit = cache.get(key);
      if (hit) return hit;
      const running = inflight.get(key);
      if (running) return running;
      const loadedAt = cache.generation;
      const p = load(user, limit).then(serialisePins);
      inflight.set(key, p);
      try {
        const answer = await p;
        cache.set(key, answer, loadedAt);
        return answer;
      } finally {
        if (inflight.get(key) === p) inflight.delete(key);
      }
    },
    get size() {
      return cache.size;
    },
    stop,
  };
}

/** The encoding to send: brotli, else gzip, else none (honours q=0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const ok = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    ok.add(name.trim());
  }
  if (ok.has('br')) return 'br';
  if (ok.has('gzip')) return 'gzip';
  return undefined;
}

/** If-None-Match holds this ETag (weak comparison, a list, or *). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}
