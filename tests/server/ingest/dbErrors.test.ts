/** Which database failures mean "away, retry later" (503, nothing acknowledged) and which mean "this row can never be stored". */
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable, isRowDataError, sqlState } from '../../../server/src/db/errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('insert into …', [], cause);

describe('database failures', () => {
  it.each([
    ['a connection terminated mid-query', new Error('Connection terminated unexpectedly')],
    ['admin shutdown (pg_ctl stop -m fast)', pgError('57P01', 'terminating connection due to administrator command')],
    ['the database starting up', pgError('57P03', 'the database system is starting up')],
    ['too many connections', pgError('53300')],
    ['a connection exception', pgError('08006')],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['any of these wrapped by drizzle', wrapped(pgError('57P01'))],
  ])('%s is "the database is away"', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isRowDataError(err)).toBe(false);
  });

  it.each([
    ['a timestamp out of range', wrapped(pgError('22008', 'timestamp out of range'))],
    ['invalid datetime syntax', pgError('22007')],
    ['a missing parent row', pgError('23503')],
    ['a value our code cannot serialise', new RangeError('Invalid time value')],
  ])('%s is a row that can never be stored', (_, err) => {
    expect(isRowDataError(err)).toBe(true);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('leaves other failures unknown (a CHECK an operator added, a syntax error): neither away nor poison', () => {
    for (const err of [pgError('23514'), pgError('42601'), new Error('something else')]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(isRowDataError(err)).toBe(false);
    }
    expect(sqlState(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeUndefined();
    expect(sqlState(wrapped(pgError('XX000')))).toBe('XX000');
  });
});
