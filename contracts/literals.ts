/** One TypeBox union of string literals from a value list, so a schema and its array are one thing. */
import { Type, type TLiteral, type TUnion } from 'typebox';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/**
 * `literalUnion(['a', 'b'])` is `Type.Union([Type.Literal('a'), Type.Literal('b')])` (same JSON schema, anyOf of consts).
 * Marked free of side effects so a browser chunk that takes only the array leaves typebox out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function literalUnion<const T extends readonly string[]>(values: T): TUnion<Literals<T>> {
  return Type.Union(values.map((v) => Type.Literal(v)) as Literals<T>) as TUnion<Literals<T>>;
}
