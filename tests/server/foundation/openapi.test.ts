/**
 * The OpenAPI document (/api/docs/json) describes every answer: each /api/v1 operation has a success response
 * with a schema, and no part of a success schema is a bare "anything" (`Type.Any()` / `Type.Unknown()`), so
 * the document says what each field is. It also marks exactly the non-public operations as needing the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';

type Schema = Record<string, unknown>;
type Operation = { security?: unknown[]; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

let t: TestApp;
let operations: { name: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));
});
afterAll(() => t.close());

/** JSON paths inside a schema that accept anything (no type, no combinator, no reference, no constant). */
function bareSpots(schema: Schema, at = '$'): string[] {
  const described = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'not'].some((k) => k in schema);
  const here = described ? [] : [at];
  const children: [string, Schema][] = [
    ...Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([k, s]) => [`${at}.${k}`, s] as [string, Schema]),
    ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((k) => ((schema[k] ?? []) as Schema[]).map((s, i) => [`${at}<${k}${i}>`, s] as [string, Schema])),
    ...(schema.items && typeof schema.items === 'object' ? [[`${at}[]`, schema.items as Schema] as [string, Schema]] : []),
    ...(schema.additionalProperties && typeof schema.additionalProperties === 'object' ? [[`${at}{}`, schema.additionalProperties as Schema] as [string, Schema]] : []),
  ];
  return [...here, ...children.flatMap(([p, s]) => bareSpots(s, p))];
}

describe('the OpenAPI document', () => {
  it('lists every /api/v1 operation', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it('has a success response with a schema for every operation', () => {
    const missing: string[] = [];
    for (const { name, op } of operations) {
      const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      if (success.length === 0) missing.push(`${name}: no 2xx response`);
      for (const [code, res] of success) {
        if (code === '204') continue;
        const schemas = Object.values(res.content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((s) => !s)) missing.push(`${name} ${code}: no schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('never answers success with "anything"', () => {
    const bare = operations.flatMap(({ name, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([code]) => /^2\d\d$/.test(code))
        .flatMap(([code, res]) => Object.values(res.content ?? {}).flatMap((c) => bareSpots(c.schema ?? {}).map((spot) => `${name} ${code} ${spot}`))),
    );
    expect(bare).toEqual([]);
  });

  it('asks for the bearer token on every operation but the public ones', () => {
    const open = operations.filter(({ op }) => !op.security?.length).map(({ name }) => name).sort();
    expect(open).toEqual(
      [
        'GET /api/v1/auth/options',
        'GET /api/v1/health',
        'GET /api/v1/test-updated-code',
        'POST /api/v1/auth/forgot-password',
        'POST /api/v1/auth/forgot-password-sms', // signed out: asks for a reset code by SMS
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/login/2fa',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/mobile-otp-request',
        'POST /api/v1/auth/mobile-otp-verify',
        'POST /api/v1/auth/refresh-token',
        'POST /api/v1/auth/reset-password',
        'POST /api/v1/auth/reset-password-sms', // signed out: carries its own single-use SMS code
        'POST /api/v1/sensor-data/ingest',
      ].sort(),
    );
  });
});
