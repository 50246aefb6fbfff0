/**
 * Fastify validator compiler on TypeBox's own compiler and formats (no ajv-formats: it costs a
 * noticeable part of the start-up budget). Bodies are checked as sent: no coercion, so a number
 * where a string belongs is a 400. Querystrings, params and headers arrive as strings and are
 * converted to the schema's types first. Schema defaults are filled in (like ajv's useDefaults), so a
 * route sees `page: 1` when the query left it out.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * Compiled once per schema object and process: a server builds one app, the server tests one per file in a shared
 * worker, whose route schemas are the same module-level objects (docs/testing.md, fifth pass).
 */
const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();
const compileOnce = (schema: TSchema) => {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = Compile(schema)));
  return check;
};

export const typeboxValidator: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = compileOnce(schema);
  return (value) => {
    const converted = Value.Default(schema, httpPart === 'body' ? value : Value.Convert(schema, value));
    if (check.Check(converted)) return { value: converted };
    return { error: check.Errors(converted) as unknown as FastifySchemaValidationError[] };
  };
};
