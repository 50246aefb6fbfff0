import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviseField } from '../../../server/src/domain/advice/engine';
import type { FieldForAdvice, LatestReading, Weather } from '../../../server/src/domain/advice/types';
import { chooseWeather } from '../../../server/src/providers/weather/index';
import { rainChanceFromMonthly, seasonalEstimate } from '../../../server/src/providers/weather/offline';
import { json, startStub, type Stub } from '../support/stubServer';

const NOW = new Date('2026-07-15T06:00:00Z'); // 11:30 IST, mid-monsoon
const field: FieldForAdvice = {
  cropName: 'soybean', cropStatus: 'growing', plantedDate: '2026-06-20', moistureLow: 25, temperatureHigh: 35, offlineAfterMinutes: 120,
};
const dryWeather: Weather = {
  temperature: 29, humidity: 55, rainChance: 10, rainMmNext48h: 0, maxTemperatureNext3d: 31,
  estimated: false, source: 'open-meteo', at: NOW.toISOString(),
};
const reading = (moisture: number | null, temperature: number | null, minutesAgo = 10): LatestReading => ({
  moisture, temperature, at: new Date(NOW.getTime() - minutesAgo * 60_000),
});
const ids = (...args: Parameters<typeof adviseField>) => adviseField(...args).map((i) => i.id);

describe('advice rules', () => {
  it('irrigate now: dry soil and no rain coming → high alert with the numbers', () => {
    const [first] = adviseField({ now: NOW, field, latest: reading(18, 28), weather: dryWeather });
    expect(first).toMatchObject({ id: 'irrigate-now', type: 'alert', priority: 'high' });
    expect(first.basis).toMatchObject({ moisture: 18, moistureLow: 25, rainChance: 10 });
    expect(first.message.marathi).toContain('18 %');
    expect(first.message.hindi).toContain('18 %');
  });

  it('wait for rain: dry soil but 20 mm forecast at 80 % chance → recommendation, not an alert', () => {
    const wet = { ...dryWeather, rainChance: 80, rainMmNext48h: 20 };
    const out = adviseField({ now: NOW, field, latest: reading(18, 28), weather: wet });
    expect(out.map((i) => i.id)).toContain('wait-for-rain');
    expect(out.map((i) => i.id)).not.toContain('irrigate-now');
    expect(out.map((i) => i.id)).toContain('no-spray');
  });

  it('waterlogging above 80 %', () => {
    expect(ids({ now: NOW, field, latest: reading(86, 27), weather: dryWeather })).toContain('waterlogging');
  });

  it('heat stress: recommendation at 36 °C, high alert at 41 °C', () => {
    const at36 = adviseField({ now: NOW, field, latest: reading(40, 30), weather: { ...dryWeather, maxTemperatureNext3d: 36 } });
    expect(at36.find((i) => i.id === 'heat-stress')).toMatchObject({ type: 'recommendation', priority: 'medium' });
    const at41 = adviseField({ now: NOW, field, latest: reading(40, 41), weather: dryWeather });
    expect(at41.find((i) => i.id === 'heat-stress')).toMatchObject({ type: 'alert', priority: 'high' });
  });

  it('fungal risk from humidity and temperature', () => {
    const humid = { ...dryWeather, humidity: 90, temperature: 25 };
    expect(adviseField({ now: NOW, field, latest: reading(40, 25), weather: humid }).find((i) => i.id === 'fungal-risk'))
      .toMatchObject({ type: 'alert', priority: 'high' });
    expect(ids({ now: NOW, field, latest: reading(40, 25), weather: { ...humid, temperature: 36 } })).not.toContain('fungal-risk');
  });

  it('fertiliser timing 25–35 days after sowing, postponed before heavy rain', () => {
    // 2026-06-20 → 2026-07-15 is day 25.
    expect(ids({ now: NOW, field, latest: reading(40, 28), weather: dryWeather })).toContain('fertiliser-now');
    expect(ids({ now: NOW, field, latest: reading(40, 28), weather: { ...dryWeather, rainMmNext48h: 40 } })).toContain('fertiliser-wait');
    expect(ids({ now: NOW, field: { ...field, plantedDate: '2026-07-10' }, latest: reading(40, 28), weather: dryWeather }))
      .not.toContain('fertiliser-now');
  });

  it('sensor offline: silent for 3 hours → medium alert; never reported → high alert', () => {
    expect(adviseField({ now: NOW, field, latest: reading(40, 28, 180), weather: dryWeather }).find((i) => i.id === 'sensor-offline'))
      .toMatchObject({ type: 'alert', priority: 'medium' });
    expect(adviseField({ now: NOW, field, latest: null, weather: dryWeather })[0]).toMatchObject({ id: 'sensor-offline', priority: 'high' });
  });

  it('all well when nothing needs doing; alerts are ordered before recommendations', () => {
    const calm = { ...field, plantedDate: null };
    expect(ids({ now: NOW, field: calm, latest: reading(45, 28), weather: dryWeather })).toEqual(['all-well']);
    const many = adviseField({ now: NOW, field, latest: reading(18, 41), weather: { ...dryWeather, humidity: 90, temperature: 26 } });
    const firstRec = many.findIndex((i) => i.type === 'recommendation');
    expect(many.slice(firstRec).every((i) => i.type === 'recommendation')).toBe(true);
    for (const i of many) expect(i.timestamp).toBe(NOW.toISOString());
  });
});

describe('offline seasonal weather estimate', () => {
  it('is flagged estimated and follows the season: Konkan July is wet, Vidarbha May is hot and dry', () => {
    const konkanJuly = seasonalEstimate(16.99, 73.31, new Date('2026-07-15T09:30:00Z'));
    expect(konkanJuly).toMatchObject({ estimated: true, source: 'seasonal-estimate' });
    expect(konkanJuly.rainChance).toBeGreaterThanOrEqual(90);
    expect(konkanJuly.humidity).toBeGreaterThan(70);
    const nagpurMay = seasonalEstimate(21.15, 79.09, new Date('2026-05-15T09:30:00Z')); // 15:00 IST
    expect(nagpurMay.temperature).toBeGreaterThanOrEqual(38);
    expect(nagpurMay.rainChance).toBeLessThan(20);
    const nagpurMayDawn = seasonalEstimate(21.15, 79.09, new Date('2026-05-14T21:30:00Z')); // 03:00 IST
    expect(nagpurMayDawn.temperature).toBeLessThan(nagpurMay.temperature - 8);
  });
  it('rain chance grows with monthly rain and is capped', () => {
    expect(rainChanceFromMonthly(0)).toBe(0);
    expect(rainChanceFromMonthly(190)).toBeGreaterThan(60);
    expect(rainChanceFromMonthly(900)).toBe(95);
  });
});

describe('Open-Meteo adapter (local stub)', () => {
  let stub: Stub;
  let fail = false;
  beforeAll(async () => {
    stub = await startStub(3512, (req, res) => {
      if (fail) return json(res, 500, { error: true, reason: 'down' });
      json(res, 200, {
        current: { time: '2026-07-15T11:30', temperature_2m: 27.4, relative_humidity_2m: 88 },
        daily: { temperature_2m_max: [29.1, 30.5, 31.2], precipitation_sum: [12.5, 8.1, 0], precipitation_probability_max: [85, 70, 20] },
      });
    });
  });
  afterAll(() => stub.close());

  it('asks for the field position and maps the forecast', async () => {
    const w = await chooseWeather({ weatherUrl: stub.url }).current({ lat: 18.52, lon: 73.86, now: NOW });
    expect(w).toEqual({
      temperature: 27.4, humidity: 88, rainChance: 85, rainMmNext48h: 20.6, maxTemperatureNext3d: 31.2,
      estimated: false, source: 'open-meteo', at: '2026-07-15T06:00:00.000Z',
    });
    const q = new URL(stub.calls.at(-1)!.url, stub.url);
    expect(q.pathname).toBe('/v1/forecast');
    expect(q.searchParams.get('latitude')).toBe('18.52');
    expect(q.searchParams.get('timezone')).toBe('Asia/Kolkata');
  });

  it('answers with the labelled seasonal estimate when the service fails', async () => {
    fail = true;
    const warned: string[] = [];
    const w = await chooseWeather({ weatherUrl: stub.url }, { warn: (_o, m) => warned.push(m) }).current({ lat: 18.52, lon: 73.86, now: NOW });
    expect(w.estimated).toBe(true);
    expect(warned).toHaveLength(1);
  });

  it('is offline when WEATHER_URL is not set', async () => {
    expect(chooseWeather({}).name).toBe('seasonal-estimate');
  });
});
