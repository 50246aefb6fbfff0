import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';
import { multipart } from '../support/multipart';
import { leafSvg, renderSvg } from './support/syntheticLeaves';
import { pngHeader } from './support/pngHeader';

let t: TestApp;
let token: string;
const detect = (parts: Parameters<typeof multipart>[0], query = '') => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/v1/disease/detect${query}`, payload, headers: { ...headers, ...t.auth(token) } });
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('farmer')).accessToken;
});
afterAll(() => t.close());

describe('GET /disease', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/disease' })).statusCode).toBe(401);
  });
  it('lists the knowledge base with the severity bands', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/disease', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.method).toBe('colour-analysis');
    expect(body.diseases.map((d: { id: string }) => d.id)).toContain('soybean-rust');
    expect(body.severityBands[0]).toEqual({ grade: 1, upToPercent: 3 });
  });
});

/** An app configured with a disease model that is not there, and the log lines it writes. */
async function appWithMissingModel() {
  const lines: string[] = [];
  const app = await createTestApp({
    config: { diseaseModelPath: '/nonexistent/leaf.onnx', diseaseLabelsPath: '/nonexistent/labels.txt', logLevel: 'error' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  return { app, lines };
}

describe('a configured model that does not load', () => {
  it('is said once in the log when the workers start (here the first visit: the app is not listening), and the screen is told colour analysis is used', async () => {
    const { app, lines } = await appWithMissingModel();
    try {
      const said = () => lines.filter((l) => l.includes('disease model could not be loaded')).length;
      expect(said()).toBe(0);
      const { accessToken } = await app.login('farmer');
      for (let i = 0; i < 2; i++) {
        const res = await app.app.inject({ method: 'GET', url: '/api/v1/disease', headers: app.auth(accessToken) });
        expect(res.json().method).toBe('colour-analysis');
      }
      expect(said()).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('POST /disease/detect', () => {
  it('analyses a leaf photo in the farmer\'s language (Marathi by default)', async () => {
    const png = await renderSvg(leafSvg('rust', 77));
    const res = await detect([{ name: 'image', filename: 'leaf.png', contentType: 'image/png', data: png }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ pattern: 'rust', method: 'colour-analysis', disease: 'तांबेरा' });
    expect(body.severity).toBeGreaterThanOrEqual(1);
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.treatment.length).toBeGreaterThan(0);
  });

  it('answers in English when asked, and uses the crop to name the disease', async () => {
    const png = await renderSvg(leafSvg('powderyMildew', 78));
    const res = await detect([{ name: 'image', filename: 'g.png', contentType: 'image/png', data: png }], '?lang=english&crop=grape');
    expect(res.json()).toMatchObject({ diseaseId: 'grape-powdery-mildew', disease: 'Grape powdery mildew' });
  });

  it.each([
    ['a PDF renamed .jpg', () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n%%EOF'), 400, 'IMAGE_TYPE'],
    ['a 1×1 image', () => sharp({ create: { width: 1, height: 1, channels: 3, background: '#2f7d32' } }).png().toBuffer(), 400, 'IMAGE_TOO_SMALL'],
    ['a 30,000-px image', () => pngHeader(30_000, 30_000), 400, 'IMAGE_DIMENSIONS'],
    ['a 50 MB upload', () => Buffer.alloc(50 * 1024 * 1024, 0xff), 413, 'IMAGE_TOO_LARGE'],
  ] as const)('refuses %s with a translated error', async (_what, make, status, code) => {
    const res = await detect([{ name: 'image', filename: 'leaf.jpg', contentType: 'image/jpeg', data: await make() }]);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.message.marathi).toMatch(/[\u0900-\u097F]/);
    expect(body.message.hindi).toMatch(/[\u0900-\u097F]/);
  });

  it('refuses a request without the image field, and a JSON body', async () => {
    const res = await detect([{ name: 'note', data: 'hello' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMAGE_REQUIRED');
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/disease/detect', payload: { image: 'x' }, headers: t.auth(token) });
    expect(json.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const { payload, headers } = multipart([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(10) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/disease/detect', payload, headers })).statusCode).toBe(401);
  });
});

describe('the workers of a listening server', () => {
  it('start in the background once it listens, without waiting to be asked', async () => {
    const { app, lines } = await appWithMissingModel();
    try {
      expect(lines.some((l) => l.includes('disease model could not be loaded'))).toBe(false);
      await app.url();
      await expect.poll(() => lines.filter((l) => l.includes('disease model could not be loaded')).length, { timeout: 20_000 }).toBe(1);
    } finally {
      await app.close();
    }
  });
});
