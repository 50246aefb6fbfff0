import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseLeaf } from '../../../server/src/domain/disease/analyseLeaf';
import { chooseClassifier } from '../../../server/src/domain/disease/chooseClassifier';
import { checkLeafImage, MAX_UPLOAD_BYTES } from '../../../server/src/domain/disease/imageGuard';
import { DISEASES } from '../../../server/src/domain/disease/knowledgeBase';
import { createOnnxClassifier, parseLabels } from '../../../server/src/domain/disease/onnxClassifier';
import { PATTERNS, type Pattern } from '../../../server/src/domain/disease/patterns';
import { severityGrade } from '../../../server/src/domain/disease/severity';
import { AppError } from '../../../server/src/lib/errors';
import { leafSvg, renderSvg, SYNTHETIC_LABELS, syntheticLeafSet, type LeafSample } from './support/syntheticLeaves';
import { pngHeader } from './support/pngHeader';
import { tinyColourModel } from './support/tinyModel';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return `${e.statusCode} ${e.code}`;
    throw e;
  }
  return 'no error';
};

describe('leaf photo guard', () => {
  it('refuses a PDF renamed to .jpg by its magic bytes', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
    expect(await codeOf(checkLeafImage(pdf))).toBe('400 IMAGE_TYPE');
  });
  it('refuses more than 10 MB before looking inside', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff);
    expect(await codeOf(checkLeafImage(big))).toBe('400 IMAGE_TOO_LARGE');
  });
  it('refuses a 1×1 image', async () => {
    const one = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#2f7d32' } }).png().toBuffer();
    expect(await codeOf(checkLeafImage(one))).toBe('400 IMAGE_TOO_SMALL');
  });
  it('refuses a 30,000-px image from its header, without decoding it (decompression bomb)', async () => {
    expect(await codeOf(checkLeafImage(pngHeader(30_000, 30_000)))).toBe('400 IMAGE_DIMENSIONS');
    expect(await codeOf(checkLeafImage(pngHeader(30_000, 200)))).toBe('400 IMAGE_DIMENSIONS');
  });
  it('accepts JPEG, PNG and WebP leaf photos', async () => {
    const svg = Buffer.from(leafSvg('healthy', 1));
    for (const f of ['jpeg', 'png', 'webp'] as const) {
      const img = await sharp(svg).toFormat(f).toBuffer();
      expect((await checkLeafImage(img)).format).toBe(f);
    }
  });
  it('says there is no leaf in a blank photo', async () => {
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(await codeOf(analyseLeaf(blank, { lang: 'english' }))).toBe('400 NO_LEAF');
  });
});

describe('severity (Horsfall–Barratt bands merged to five grades)', () => {
  it.each([
    [0, 1], [0.029, 1], [0.03, 2], [0.119, 2], [0.12, 3], [0.249, 3], [0.25, 4], [0.499, 4], [0.5, 5], [1, 5],
  ])('%f of the leaf → grade %i', (f, g) => expect(severityGrade(f)).toBe(g));
});

describe('colour-and-texture analyser on the synthetic labelled set', () => {
  let set: LeafSample[];
  const predicted = new Map<string, Pattern>();
  beforeAll(async () => {
    set = await syntheticLeafSet(8);
    for (const s of set) predicted.set(s.name, (await analyseLeaf(s.png, { lang: 'english' })).pattern);
  });

  it('reaches at least 85 % accuracy and reports it with the confusion matrix', () => {
    const correct = set.filter((s) => predicted.get(s.name) === s.label).length;
    const accuracy = correct / set.length;
    const matrix = Object.fromEntries(
      SYNTHETIC_LABELS.map((truth) => [
        truth,
        Object.fromEntries(PATTERNS.map((p) => [p, set.filter((s) => s.label === truth && predicted.get(s.name) === p).length])),
      ]),
    );
    console.info(`disease analyser accuracy on ${set.length} synthetic leaves: ${(accuracy * 100).toFixed(1)} %`);
    console.table(matrix);
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  });

  it('grades a leaf with half its area blighted at 4 or 5 and a healthy leaf at 1', async () => {
    const blighted = await analyseLeaf(await renderSvg(leafSvg('blight', 4242)), { lang: 'english' });
    expect(blighted.pattern).toBe('blight');
    expect(blighted.measured.affectedPercent).toBeGreaterThan(25);
    expect(blighted.severity).toBeGreaterThanOrEqual(4);
    const healthy = await analyseLeaf(await renderSvg(leafSvg('healthy', 4243)), { lang: 'english' });
    expect(healthy.severity).toBe(1);
    expect(healthy.confidence).toBeGreaterThanOrEqual(80);
  });

  it('analyses a close-up where the leaf fills the whole frame', async () => {
    const closeUp = await sharp(await renderSvg(leafSvg('rust', 31))).extract({ left: 140, top: 110, width: 120, height: 80 }).png().toBuffer();
    const r = await analyseLeaf(closeUp, { lang: 'english' });
    expect(r.measured.leafAreaPercent).toBeGreaterThan(95);
    expect(r.pattern).toBe('rust');
  });

  it('does not take brown soil for a dead leaf, and keeps a blighted tip that touches the soil', async () => {
    const onSoil = (label: 'healthy' | 'blight', seed: number) =>
      leafSvg(label, seed).replace(/<rect width="100%" height="100%" fill="#[0-9a-f]+"\/>/, '<rect width="100%" height="100%" fill="#7d5d3f"/>');
    const healthy = await analyseLeaf(await renderSvg(onSoil('healthy', 41)), { lang: 'english' });
    expect(healthy).toMatchObject({ pattern: 'healthy', severity: 1 });
    expect(healthy.measured.leafAreaPercent).toBeLessThan(60);
    const blighted = await analyseLeaf(await renderSvg(onSoil('blight', 42)), { lang: 'english' });
    expect(blighted.pattern).toBe('blight');
    expect(blighted.severity).toBeGreaterThanOrEqual(3);
  });

  it('is less confident when the evidence is faint than when it is clear', async () => {
    const heavy = await analyseLeaf(await renderSvg(leafSvg('rust', 11)), { lang: 'english' });
    // The same leaf with the rust washed half-way back to green: fewer, fainter pustules.
    const faintSvg = leafSvg('rust', 11).replace(/#e2781a|#d96a12|#e8871f/g, '#8f9a3a');
    const faint = await analyseLeaf(await renderSvg(faintSvg), { lang: 'english' });
    expect(heavy.pattern).toBe('rust');
    expect(faint.pattern === 'rust' ? faint.confidence : 0).toBeLessThan(heavy.confidence);
  });

  it('answers in the asked language and picks the crop-specific disease', async () => {
    const png = await renderSvg(leafSvg('rust', 21));
    const mr = await analyseLeaf(png, { lang: 'marathi', crop: 'soybean' });
    expect(mr.diseaseId).toBe('soybean-rust');
    expect(mr.disease).toBe('सोयाबीनवरील तांबेरा');
    expect(mr.treatment.join(' ')).toMatch(/[\u0900-\u097F]/);
    const en = await analyseLeaf(png, { lang: 'english' });
    expect(en.diseaseId).toBe('rust');
    expect(en.possibleDiseases).toContain('Soybean rust');
  });
});

describe('knowledge base', () => {
  it('has a general entry for every pattern and full text in three languages', () => {
    for (const p of PATTERNS) expect(DISEASES.some((d) => d.pattern === p && d.crops.length === 0)).toBe(true);
    for (const d of DISEASES) {
      for (const lang of ['english', 'marathi', 'hindi'] as const) {
        expect(d.name[lang], d.id).toBeTruthy();
        expect(d.treatment[lang].length, d.id).toBeGreaterThan(0);
        expect(d.treatment[lang].length, d.id).toBe(d.treatment.english.length);
        expect(d.prevention[lang].length, d.id).toBe(d.prevention.english.length);
      }
    }
  });
});

describe('ONNX classifier path', () => {
  // label 0 healthy wins on green, label 1 soybean-rust wins on red.
  const model = tinyColourModel([
    [-4, 6],
    [6, -4],
    [0, 0],
  ]);
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tools-onnx-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs a real model from DISEASE_MODEL_PATH + DISEASE_LABELS_PATH', async () => {
    await writeFile(join(dir, 'leaf.onnx'), model);
    await writeFile(join(dir, 'labels.txt'), 'healthy\nsoybean-rust\n');
    const classifier = await chooseClassifier({ diseaseModelPath: join(dir, 'leaf.onnx'), diseaseLabelsPath: join(dir, 'labels.txt') });
    expect(classifier.method).toBe('onnx-model');
    const green = await analyseLeaf(await renderSvg(leafSvg('healthy', 5)), { lang: 'english', classifier });
    expect(green).toMatchObject({ method: 'onnx-model', pattern: 'healthy', severity: 1 });
    const orangeLeaf = leafSvg('healthy', 5).replace(/#3a8f3a|#2f7d32|#4c9e3e|#357a2a/g, '#d9651a');
    const orange = await analyseLeaf(await renderSvg(orangeLeaf), { lang: 'marathi', classifier });
    expect(orange).toMatchObject({ method: 'onnx-model', diseaseId: 'soybean-rust', disease: 'सोयाबीनवरील तांबेरा' });
    expect(orange.confidence).toBeGreaterThan(50);
  });

  it('refuses labels that are neither a disease nor a pattern, and a model/labels mismatch', async () => {
    expect(() => parseLabels('healthy\nbanana-flu')).toThrow(/banana-flu/);
    const classifier = await createOnnxClassifier(model, parseLabels('["healthy","rust","mosaic"]'));
    await expect(analyseLeaf(await renderSvg(leafSvg('healthy', 6)), { lang: 'english', classifier })).rejects.toThrow(/3/);
  });

  it('keeps colour analysis when no model is configured', async () => {
    expect((await chooseClassifier({})).method).toBe('colour-analysis');
  });
});
