/**
 * Shapes shared by the API and the web client.
 */
import { Type, type Static } from 'typebox';
import { LANGUAGES } from './languages';
import { literalUnion } from './literals';

export const Translated = Type.Object({ english: Type.String(), marathi: Type.String(), hindi: Type.String() });
export type Translated = Static<typeof Translated>;

export const ApiErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  error: Type.String(),
  message: Type.Union([Translated, Type.String()]),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ApiErrorBody = Static<typeof ApiErrorBody>;

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });

/** Roles and languages live in roles.ts and languages.ts; named here too because most schemas take them with Uuid. */
export { Role } from './roles';
export const Language = literalUnion(LANGUAGES);
export type Language = Static<typeof Language>;

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});
export type Pagination = Static<typeof Pagination>;

/** page/limit query with the server's cap on page size. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
};
