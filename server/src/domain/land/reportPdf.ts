/**
 * Renders a land report as an A4 PDF. Text is set in Noto Sans Devanagari (OFL, shipped in
 * node_modules by @expo-google-fonts/noto-sans-devanagari), which carries Latin glyphs too, so
 * Marathi, Hindi and English print with one font; pdfkit shapes conjuncts and matras through
 * fontkit's OpenType layout.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { translated as t, type Translated } from '../../lib/errors';
import { formatDay, formatWhen } from '../format';
import type { LandReport } from './report';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf');

const H: Record<string, Translated> = {
  title: t('Land and Soil Health Report', 'जमीन व मृदा आरोग्य अहवाल', 'भूमि एवं मृदा स्वास्थ्य रिपोर्ट'),
  generated: t('Generated', 'तयार केल्याची तारीख', 'तैयार करने की तिथि'),
  place: t('Location', 'ठिकाण', 'स्थान'),
  location: t('Location analysis', 'स्थान विश्लेषण', 'स्थान विश्लेषण'),
  region: t('Region', 'विभाग', 'क्षेत्र'),
  district: t('District', 'जिल्हा', 'ज़िला'),
  climate: t('Climate', 'हवामान', 'जलवायु'),
  soilType: t('Soil type', 'जमिनीचा प्रकार', 'मिट्टी का प्रकार'),
  market: t('Market advantages', 'बाजारपेठेचे फायदे', 'बाज़ार के लाभ'),
  soil: t('Soil health', 'मृदा आरोग्य', 'मृदा स्वास्थ्य'),
  score: t('Soil health score', 'मृदा आरोग्य गुण', 'मृदा स्वास्थ्य अंक'),
  parameter: t('Parameter', 'घटक', 'घटक'),
  value: t('Value', 'मूल्य', 'मान'),
  status: t('Status', 'स्थिती', 'स्थिति'),
  crops: t('Recommended crops', 'शिफारस केलेली पिके', 'अनुशंसित फसलें'),
  crop: t('Crop', 'पीक', 'फसल'),
  suitability: t('Suitability', 'योग्यता', 'उपयुक्तता'),
  season: t('Season', 'हंगाम', 'मौसम'),
  category: t('Category', 'प्रकार', 'श्रेणी'),
  marketPotential: t('Market', 'बाजारभाव संधी', 'बाज़ार संभावना'),
  investment: t('Investment', 'गुंतवणूक', 'निवेश'),
  tips: t('Additional recommendations', 'इतर शिफारसी', 'अन्य सुझाव'),
  ndvi: t('Satellite vegetation index (NDVI)', 'उपग्रह वनस्पती निर्देशांक (NDVI)', 'उपग्रह वनस्पति सूचकांक (NDVI)'),
  latest: t('Latest readings', 'अलीकडील नोंदी', 'हाल की रीडिंग'),
  average: t('30-day average', '30 दिवसांची सरासरी', '30 दिन का औसत'),
  estimated: t(
    'Estimated from the crop calendar and season, not measured by satellite.',
    'पीक दिनदर्शिका व हंगामावरून अंदाज; उपग्रहाने मोजलेले नाही.',
    'फसल कैलेंडर और मौसम से अनुमान; उपग्रह से मापा नहीं गया।',
  ),
  noNdvi: t('No NDVI readings were fetched for this report.', 'या अहवालासाठी NDVI नोंदी घेतल्या नाहीत.', 'इस रिपोर्ट के लिए NDVI रीडिंग नहीं ली गईं।'),
  basis: t('Rating table', 'मानांकन तक्ता', 'मानक तालिका'),
};

const COLOURS = { good: '#15803d', moderate: '#ca8a04', poor: '#dc2626', ink: '#1f2937', muted: '#6b7280', line: '#d1d5db', brand: '#166534' };

export function renderLandReportPdf(report: LandReport): Promise<Buffer> {
  const L = report.language;
  const h = (k: keyof typeof H) => H[k][L];
  const doc = new PDFDocument({ size: 'A4', margin: 42, info: { Title: H.title.english, Producer: 'ShetMitra' } });
  doc.registerFont('body', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  const ensure = (space: number) => {
    if (doc.y + space > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  /** A heading starts a new page unless `keep` points of its content fit under it: never a heading alone at a page's foot. */
  const section = (title: string, keep = 60) => {
    ensure(keep);
    doc.moveDown(0.6).font('bold').fontSize(13).fillColor(COLOURS.brand).text(title, left, doc.y, { width });
    doc.moveTo(left, doc.y + 1).lineTo(left + width, doc.y + 1).strokeColor(COLOURS.line).lineWidth(0.8).stroke();
    doc.moveDown(0.35).font('body').fontSize(10).fillColor(COLOURS.ink);
  };
  const pair = (k: string, v: string) => {
    ensure(18);
    doc.font('bold').text(`${k}: `, left, doc.y, { continued: true, width }).font('body').text(v);
  };
  const bullets = (items: string[]) => {
    for (const it of items) {
      ensure(18);
      doc.text(`•  ${it}`, left + 6, doc.y, { width: width - 6 });
    }
  };
  const row = (cells: string[], widths: number[], bold = false) => {
    ensure(20);
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'bold' : 'body').fontSize(9.5);
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y, { width: widths[i] - 6 });
      bottom = Math.max(bottom, doc.y);
      x += widths[i];
    });
    doc.y = bottom + 3;
    doc.moveTo(left, doc.y - 1).lineTo(left + width, doc.y - 1).strokeColor(COLOURS.line).lineWidth(0.5).stroke();
    doc.fontSize(10);
  };

  // Title block
  doc.rect(left, doc.y, width, 46).fill(COLOURS.brand);
  doc.font('bold').fontSize(18).fillColor('#ffffff').text(`शेतमित्र · ${h('title')}`, left + 12, doc.y + 10, { width: width - 24 });
  doc.y += 14;
  doc.font('body').fontSize(10).fillColor(COLOURS.ink);
  const when = formatWhen(L, report.generatedAt);
  pair(h('generated'), when);
  if (report.location) pair(h('place'), report.location);

  section(h('location'));
  const la = report.locationAnalysis;
  pair(h('region'), la.region);
  if (la.district) pair(h('district'), la.district);
  pair(h('climate'), la.climate);
  pair(h('soilType'), la.soilType);
  if (la.marketAdvantages.length) {
    doc.font('bold').text(`${h('market')}:`);
    doc.font('body');
    bullets(la.marketAdvantages);
  }
  bullets(la.recommendations);

  section(h('soil'));
  const sa = report.soilAnalysis;
  ensure(60);
  const boxY = doc.y;
  doc.roundedRect(left, boxY, 150, 48, 6).fill(COLOURS[sa.healthKey]);
  doc.font('bold').fontSize(22).fillColor('#ffffff').text(`${sa.overallScore}/100`, left, boxY + 4, { width: 150, align: 'center' });
  doc.font('body').fontSize(10).text(sa.overallHealth, left, boxY + 30, { width: 150, align: 'center' });
  doc.fillColor(COLOURS.ink).font('bold').fontSize(11).text(h('score'), left + 165, boxY + 8, { width: width - 165 });
  doc.font('body').fontSize(8.5).fillColor(COLOURS.muted).text(`${h('basis')}: ${sa.ratingTable.name}`, left + 165, doc.y, { width: width - 165 });
  doc.y = Math.max(doc.y, boxY + 54);
  doc.fillColor(COLOURS.ink).fontSize(10);
  const pw = [width * 0.4, width * 0.3, width * 0.3];
  row([h('parameter'), h('value'), h('status')], pw, true);
  for (const p of [sa.ph, sa.nitrogen, sa.phosphorus, sa.potassium, sa.organicMatter]) {
    if (p) row([p.label, `${p.value}${p.unit ? ` ${p.unit}` : ''}`, p.status], pw);
  }

  section(h('crops'));
  const cw = [width * 0.22, width * 0.14, width * 0.2, width * 0.16, width * 0.14, width * 0.14];
  row([h('crop'), h('suitability'), h('season'), h('category'), h('marketPotential'), h('investment')], cw, true);
  for (const c of report.cropRecommendations) {
    row([c.name, `${c.suitability} %`, c.season, c.category, c.marketPotential, c.investmentRequired], cw);
    doc.font('body').fontSize(8.5).fillColor(COLOURS.muted).text(c.reason, left + 6, doc.y - 2, { width: width - 12 });
    doc.fillColor(COLOURS.ink).fontSize(10).moveDown(0.2);
  }

  section(h('tips'));
  bullets(report.additionalRecommendations);

  // The heading, both lines and the chart stay together (NDVI_BLOCK).
  section(h('ndvi'), report.ndvi.length === 0 ? 60 : NDVI_BLOCK);
  if (report.ndvi.length === 0) doc.text(h('noNdvi'));
  else {
    const s = report.ndviSummary;
    // Rounded once by summariseNdvi (roundNdvi), as the screen shows them; printed with their two decimals.
    pair(h('latest'), s.latest.map((p) => `${formatDay(L, p.date, 'dayMonth')}: ${p.ndvi.toFixed(2)}`).join(' · '));
    if (s.average30d !== null) pair(h('average'), s.average30d.toFixed(2));
    ndviChart(doc, report.ndvi, left, width, (d) => formatDay(L, d));
    if (s.estimated) doc.font('body').fontSize(8.5).fillColor(COLOURS.muted).text(`* ${h('estimated')}`, left, doc.y, { width });
  }
  doc.moveDown(1).font('body').fontSize(7.5).fillColor(COLOURS.muted).text(sa.ratingTable.source, left, doc.y, { width });
  doc.end();
  return done;
}

const CHART_HEIGHT = 110;
/** Heading (~40), the two lines (~2 × 28 when they wrap), the chart with its labels (CHART_HEIGHT + 30). */
const NDVI_BLOCK = 40 + 56 + CHART_HEIGHT + 30;

/** A small line chart, y axis fixed 0–1 like the screen's. */
function ndviChart(doc: PDFKit.PDFDocument, points: { date: string; ndvi: number }[], left: number, width: number, day: (iso: string) => string) {
  const height = CHART_HEIGHT;
  if (doc.y + height + 30 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 8;
  const x0 = left + 28;
  const w = width - 36;
  doc.fontSize(7.5).fillColor(COLOURS.muted);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    const y = top + height - v * height;
    doc.moveTo(x0, y).lineTo(x0 + w, y).strokeColor(COLOURS.line).lineWidth(0.4).stroke();
    doc.text(v.toFixed(2), left, y - 4, { width: 24, align: 'right' });
  }
  const t0 = new Date(points[0].date).getTime();
  const span = Math.max(1, new Date(points[points.length - 1].date).getTime() - t0);
  const xy = (p: { date: string; ndvi: number }) =>
    [x0 + ((new Date(p.date).getTime() - t0) / span) * w, top + height - Math.min(1, Math.max(0, p.ndvi)) * height] as const;
  points.forEach((p, i) => {
    const [x, y] = xy(p);
    if (i === 0) doc.moveTo(x, y);
    else doc.lineTo(x, y);
  });
  doc.strokeColor(COLOURS.good).lineWidth(1.6).stroke();
  doc.text(day(points[0].date), x0, top + height + 3).text(day(points[points.length - 1].date), x0 + w - 80, top + height + 3, { width: 80, align: 'right' });
  doc.y = top + height + 16;
  doc.fillColor(COLOURS.ink).fontSize(10);
}
