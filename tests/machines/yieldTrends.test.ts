/**
 * The admin's yield trends panel machine in fixed scenarios whose expectations are written out here, not read from the
 * machine (tests/model/staff/yieldTrends.model.test.tsx checks the view against the machine's own snapshots): the
 * calls and the crops they ask for, the health tiles' sums, what each failure empties, which chart switches apply to
 * which chart, and what Export CSV and Export Image hand to the browser (and when they hand nothing).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { yieldTrendsMachine, type ChartImage } from '@/machines/yieldTrends.machine';
import type { YieldTrend } from '@/services/analytics';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';

const TODAY = { year: 2026, month: 11 };
const TRENDS: YieldTrend[] = [
  // August of last year is not August of this year (the last 6 months are June–November 2026).
  { crop: 'wheat', data: [{ year: 2026, month: 10, averageYield: 31.5 }, { year: 2025, month: 8, averageYield: 40 }] },
  { crop: 'soybean', data: [{ year: 2026, month: 9, averageYield: 18 }] },
];
/** Harvests from before the last 12 months only: nothing to draw or export in any period but none. */
const OLD: YieldTrend[] = [{ crop: 'wheat', data: [{ year: 2024, month: 3, averageYield: 30 }] }];
const IMAGE: ChartImage = { svg: '<svg/>', width: 640, height: 320 };
const PNG = new Blob(['png'], { type: 'image/png' });
const tick = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const { held, last, count } = heldCalls();
  const downloads: { name: string; data: Blob | string }[] = [];
  const actor = createActor(
    yieldTrendsMachine.provide({
      actors: { loadSummary: held('loadSummary') as never, loadTrends: held('loadTrends') as never, renderImage: held('renderImage') as never },
      actions: { download: (_, params: { name: string; data: Blob | string }) => void downloads.push(params) },
    }),
    { input: { today: TODAY } },
  ).start();
  return {
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
    fail: async (id: string, e: unknown = new Error('503')) => (last(id).reject(e), tick()),
    input: (id: string) => last(id).input,
    count,
    downloads,
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
  };
}

async function ready(trends = TRENDS) {
  const t = start();
  await t.answer('loadSummary', { healthy: 4, needsAttention: 2, critical: 1 });
  await t.answer('loadTrends', { yieldTrends: trends, crops: ['wheat', 'soybean', 'tur'] });
  return t;
}

let api: ApiServer | undefined;

describe('yield trends: loading', () => {
  it('asks for the status counts and all crops, sums the tiles, and asks again for the crops chosen', async () => {
    api = await startApiServer((r) =>
      r.path === '/api/v1/fields/analytics/overview'
        ? { status: 200, body: { analytics: { byStatus: { active: 5, maintenance: 2, inactive: 1, harvested: 3 } } } }
        : { status: 200, body: { yieldTrends: TRENDS, crops: ['wheat', 'soybean'] } },
    );
    const actor = createActor(yieldTrendsMachine, { input: { today: TODAY } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ summary: 'ready', trends: { ready: 'idle' } })).toBe(true), { timeout: 10_000 });
    expect(actor.getSnapshot().context).toMatchObject({ summary: { healthy: 5, needsAttention: 3, critical: 3 }, trends: TRENDS, crops: ['wheat', 'soybean'] });
    actor.send({ type: 'crops.toggle', crop: 'wheat' });
    actor.send({ type: 'crops.toggle', crop: 'soybean' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ trends: { ready: 'idle' } })).toBe(true), { timeout: 10_000 });
    expect(api.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/v1/fields/analytics/overview', {}],
      ['/api/v1/fields/analytics/yield-trends', {}],
      ['/api/v1/fields/analytics/yield-trends', { crops: 'wheat' }],
      ['/api/v1/fields/analytics/yield-trends', { crops: 'wheat,soybean' }],
    ]);
    actor.stop();
  });

  it('starts on the last 6 months, a line chart with points, smoothed, all crops, this month', () => {
    const t = start();
    expect(t.ctx()).toEqual({
      today: TODAY, period: 'last6months', selected: [], crops: [], trends: [], kind: 'line', showPoints: true, smooth: true, summary: null, notice: null,
    });
    expect(t.snap().hasTag('summaryLoading') && t.snap().hasTag('trendsLoading')).toBe(true);
    // Without a month given, this month.
    const now = new Date();
    const held = yieldTrendsMachine.provide({ actors: { loadSummary: heldCalls().held('s') as never, loadTrends: heldCalls().held('t') as never } });
    const actor = createActor(held, { input: {} }).start();
    expect(actor.getSnapshot().context.today).toEqual({ year: now.getFullYear(), month: now.getMonth() + 1 });
    actor.stop();
  });

  it('a choice while the trends load asks again for the new choice; All Crops only when some were chosen', async () => {
    const t = start();
    expect(t.input('loadTrends')).toEqual({ crops: [] });
    t.send({ type: 'crops.all' });
    expect(t.count('loadTrends')).toBe(1);
    t.send({ type: 'crops.toggle', crop: 'wheat' });
    expect(t.count('loadTrends')).toBe(2);
    expect(t.input('loadTrends')).toEqual({ crops: ['wheat'] });
    t.send({ type: 'crops.all' });
    expect(t.count('loadTrends')).toBe(3);
    expect(t.input('loadTrends')).toEqual({ crops: [] });
    expect(t.snap().hasTag('trendsLoading')).toBe(true);
  });

  it('toggling a chosen crop takes it out; All Crops from the chart clears the choice', async () => {
    const t = await ready();
    t.send({ type: 'crops.toggle', crop: 'wheat' });
    await t.answer('loadTrends', { yieldTrends: TRENDS, crops: ['wheat', 'soybean'] });
    t.send({ type: 'crops.toggle', crop: 'tur' });
    await t.answer('loadTrends', { yieldTrends: TRENDS, crops: ['wheat', 'soybean'] });
    t.send({ type: 'crops.toggle', crop: 'wheat' });
    expect(t.input('loadTrends')).toEqual({ crops: ['tur'] });
    await t.answer('loadTrends', { yieldTrends: TRENDS, crops: ['wheat', 'soybean'] });
    t.send({ type: 'crops.all' });
    expect(t.ctx().selected).toEqual([]);
    expect(t.input('loadTrends')).toEqual({ crops: [] });
    await t.answer('loadTrends', { yieldTrends: TRENDS, crops: ['wheat', 'soybean'] });
    const calls = t.count('loadTrends');
    t.send({ type: 'crops.all' });
    expect(t.count('loadTrends')).toBe(calls);
  });
});

describe('yield trends: failures', () => {
  it('a failed summary empties the tiles until Retry', async () => {
    const t = start();
    await t.fail('loadSummary');
    expect(t.snap().matches({ summary: 'failed' })).toBe(true);
    expect(t.ctx().summary).toBeNull();
    t.send({ type: 'summary.retry' });
    expect(t.count('loadSummary')).toBe(2);
    await t.answer('loadSummary', { healthy: 1, needsAttention: 0, critical: 0 });
    expect(t.ctx().summary).toEqual({ healthy: 1, needsAttention: 0, critical: 0 });
  });

  it('failed trends empty the chart and the crop list; Retry, or choosing crops, asks again', async () => {
    const t = await ready();
    t.send({ type: 'crops.toggle', crop: 'wheat' });
    await t.fail('loadTrends');
    expect(t.snap().matches({ trends: 'failed' })).toBe(true);
    expect(t.ctx()).toMatchObject({ trends: [], crops: [], selected: ['wheat'] });
    t.send({ type: 'trends.retry' });
    expect(t.input('loadTrends')).toEqual({ crops: ['wheat'] });
    await t.fail('loadTrends');
    t.send({ type: 'crops.toggle', crop: 'tur' });
    expect(t.input('loadTrends')).toEqual({ crops: ['wheat', 'tur'] });
    await t.fail('loadTrends');
    t.send({ type: 'crops.all' });
    expect(t.input('loadTrends')).toEqual({ crops: [] });
    await t.fail('loadTrends');
    const calls = t.count('loadTrends');
    t.send({ type: 'crops.all' });
    expect(t.count('loadTrends')).toBe(calls);
  });
});

describe('yield trends: the chart', () => {
  it('points and smoothing switch on a line chart only', async () => {
    const t = await ready();
    t.send({ type: 'chart.points' });
    t.send({ type: 'chart.smooth' });
    expect(t.ctx()).toMatchObject({ showPoints: false, smooth: false });
    t.send({ type: 'chart.points' });
    expect(t.ctx().showPoints).toBe(true);
    t.send({ type: 'chart.kind', kind: 'bar' });
    t.send({ type: 'chart.points' });
    t.send({ type: 'chart.smooth' });
    expect(t.ctx()).toMatchObject({ kind: 'bar', showPoints: true, smooth: false });
    t.send({ type: 'period.change', period: 'thisYear' });
    expect(t.ctx().period).toBe('thisYear');
  });
});

describe('yield trends: exports', () => {
  it("Export CSV hands the period's table to the browser, in the page's headings", async () => {
    const t = await ready();
    t.send({ type: 'export.csv', headings: { month: 'महिना', year: 'वर्ष', crops: { wheat: 'गहू' } } });
    expect(t.downloads).toHaveLength(1);
    expect(t.downloads[0].name).toBe('yield-trends.csv');
    const lines = String(t.downloads[0].data).trim().split(/\r?\n/);
    expect(lines[0]).toBe('महिना,वर्ष,गहू,soybean');
    expect(lines.slice(1)).toEqual(['6,2026,,', '7,2026,,', '8,2026,,', '9,2026,,18', '10,2026,31.5,', '11,2026,,']);
  });

  it('nothing to export when the period has no harvest (the data is older)', async () => {
    const t = await ready(OLD);
    t.send({ type: 'export.csv' });
    t.send({ type: 'export.image', image: IMAGE });
    expect(t.downloads).toEqual([]);
    expect(t.count('renderImage')).toBe(0);
    expect(t.snap().matches({ trends: { ready: 'idle' } })).toBe(true);
  });

  it('Export Image turns the chart sent into a PNG and hands it over; a failure says so until dismissed', async () => {
    const t = await ready();
    t.send({ type: 'export.image', image: IMAGE });
    expect(t.snap().hasTag('exporting')).toBe(true);
    expect(t.input('renderImage')).toEqual(IMAGE);
    await t.answer('renderImage', PNG);
    expect(t.downloads).toEqual([{ name: 'yield-trends.png', data: PNG }]);
    t.send({ type: 'export.image', image: IMAGE });
    await t.fail('renderImage');
    expect(t.snap().matches({ trends: { ready: 'idle' } })).toBe(true);
    expect(t.ctx().notice).toBe('imageFailed');
    // Another try clears the notice while it runs; dismissing clears it too.
    t.send({ type: 'export.image', image: IMAGE });
    expect(t.ctx().notice).toBeNull();
    await t.fail('renderImage');
    t.send({ type: 'notice.dismiss' });
    expect(t.ctx().notice).toBeNull();
    expect(t.downloads).toHaveLength(1);
  });
});
