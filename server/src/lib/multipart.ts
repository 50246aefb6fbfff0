/**
 * Reading a multipart body (the routes that take uploads). Whatever goes wrong while the stream is read
 * (no boundary, a cut-off body, a broken part header, a part over the limits) is the client's malformed
 * upload: a translated 400 (413 for a file over the size limit), never a 500. Field values and file names
 * follow the same NUL rule as every other input (plugins/inputGuard.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, translated } from './errors';
import { nulRefused } from '../plugins/inputGuard';

export const MULTIPART_TEXT = {
  malformed: translated(
    'The upload could not be read. Please choose the file and send it again.',
    'अपलोड वाचता आले नाही. कृपया फाइल निवडून पुन्हा पाठवा.',
    'अपलोड पढ़ा नहीं जा सका। कृपया फ़ाइल चुनकर फिर से भेजें।',
  ),
  tooLarge: translated('The upload is too large.', 'अपलोड खूप मोठे आहे.', 'अपलोड बहुत बड़ा है।'),
};

/** The error a failure while reading a multipart body stands for; AppErrors pass through unchanged. */
export function multipartFailure(err: unknown, tooLarge = new AppError(413, 'TOO_LARGE', MULTIPART_TEXT.tooLarge)): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge;
  return new AppError(400, 'MALFORMED_UPLOAD', MULTIPART_TEXT.malformed, code?.startsWith('FST_') ? { reason: code } : undefined);
}

export type UploadedFile = { fieldname: string; filename: string; mimetype: string; content: Buffer };

/**
 * Every file of the request read into memory (the limits given to @fastify/multipart bound it), and every
 * field value. Throws the translated 400/413 of multipartFailure.
 */
export async function readMultipart(
  req: FastifyRequest,
  tooLarge?: AppError,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\u0000')) throw nulRefused('multipart');
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.filename.includes('\u0000')) throw nulRefused('multipart');
        files.push({ fieldname: file.fieldname, filename: file.filename, mimetype: file.mimetype, content: await file.toBuffer() });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (value.includes('\u0000')) throw nulRefused('multipart');
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw multipartFailure(err, tooLarge);
  }
  return { files, fields };
}
