/**
 * One check of every request's decoded input before any route sees it: path parameters, the querystring
 * and a JSON body. Refused with a translated 400:
 *  - a NUL character (`%00`, `\u0000`) anywhere, in a value or a key: PostgreSQL text cannot hold it, and
 *    no field of this app has a use for it;
 *  - a body nested deeper than MAX_DEPTH: no request of this API goes past a few levels, and thousands of
 *    levels overflow the stack of schema checks that recurse (unions).
 * The walk is iterative, so a deep body cannot overflow it. Multipart bodies are read by the routes through
 * lib/multipart.ts, which applies the same NUL rule to field values and file names.
 */
import fp from 'fastify-plugin';
import { AppError, translated } from '../lib/errors';

export const MAX_DEPTH = 32;

export const INPUT_TEXT = {
  nul: translated(
    'The request contains a NUL character, which is not allowed.',
    'विनंतीमध्ये NUL अक्षर आहे, ते चालत नाही.',
    'अनुरोध में NUL वर्ण है, जिसकी अनुमति नहीं है।',
  ),
  tooDeep: translated(
    'The request body is nested too deeply.',
    'विनंतीतील माहितीची रचना खूप खोलवर (नेस्टेड) आहे.',
    'अनुरोध के मुख्य भाग की संरचना बहुत गहरी (नेस्टेड) है।',
  ),
};

export const nulRefused = (where: string) => new AppError(400, 'NUL_BYTE', INPUT_TEXT.nul, { in: where });

/** Throws the 400 for the first NUL or over-deep nesting found in `value` (`where`: params, querystring, body). */
export function checkInput(value: unknown, where: string): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw nulRefused(where);
    return;
  }
  if (typeof value !== 'object' || Buffer.isBuffer(value)) return;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) throw new AppError(400, 'TOO_DEEP', INPUT_TEXT.tooDeep, { in: where, maxDepth: MAX_DEPTH });
    if (Array.isArray(v)) {
      for (const item of v) {
        if (typeof item === 'string') {
          if (item.includes('\u0000')) throw nulRefused(where);
        } else if (item && typeof item === 'object') stack.push([item, depth + 1]);
      }
      continue;
    }
    for (const key of Object.keys(v as object)) {
      if (key.includes('\u0000')) throw nulRefused(where);
      const item = (v as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (item.includes('\u0000')) throw nulRefused(where);
      } else if (item && typeof item === 'object') stack.push([item, depth + 1]);
    }
  }
}

export default fp(
  async (app) => {
    // preValidation: after the body is parsed, before the schema (whose unions recurse) and the handler.
    app.addHook('preValidation', async (req) => {
      checkInput(req.params, 'params');
      checkInput(req.query, 'querystring');
      checkInput(req.body, 'body');
    });
  },
  { name: 'input-guard' },
);
