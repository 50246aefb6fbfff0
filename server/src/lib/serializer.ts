/**
 * Fastify's response serializers (fast-json-stringify: one function compiled per route and status code from its
 * response schema, with a fresh ajv inside for anyOf/if branches) kept per process by the schema object they were
 * built from. A server builds one app and gains nothing; the server tests build an app per file in one shared worker
 * (docs/testing.md, fifth pass) and recompiled the same module-level schemas for every app: ~16 % of that worker's
 * CPU. A schema object gives the same serializer every time (fast-json-stringify reads only the schema and the
 * options, and neither it nor Fastify changes the schema), so a second app gets the function the first one compiled.
 * The compiler is Fastify's own default (`@fastify/fast-json-stringify-compiler`, the package Fastify itself uses and
 * documents for `schemaController.compilersFactory`), so what is compiled is unchanged.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;
type Serialize = (doc: unknown) => string;

const compile = SerializerSelector();
/** Per set of shared schemas and options (what the default factory is built from): schema object → serializer. */
const pools = new Map<string, WeakMap<object, Serialize>>();

export const cachedSerializers: Factory = (externalSchemas, options) => {
  const build = compile(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new WeakMap()));
  const built = pool;
  return (route) => {
    const schema = route.schema;
    if (typeof schema !== 'object' || schema === null || (schema as { $id?: unknown }).$id !== undefined) return build(route);
    let serialize = built.get(schema);
    if (!serialize) built.set(schema, (serialize = build(route)));
    return serialize;
  };
};
