/** Renders a PDF with poppler (pdftoppm, pdftotext) the way a reader would see it. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export async function inspectPdf(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'tools-pdf-'));
  try {
    await writeFile(join(dir, 'r.pdf'), pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', join(dir, 'r.pdf'), '-']);
    await run('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', join(dir, 'r.pdf'), join(dir, 'page')]);
    const png = await readFile(join(dir, 'page-1.png'));
    const { channels } = await sharp(png).stats();
    // A blank page has no variation; printed text and boxes spread the grey levels.
    const inkSpread = Math.min(...channels.slice(0, 3).map((c) => c.stdev));
    return { text, png, inkSpread };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
