import { DrizzleQueryError } from 'drizzle-orm/errors';
import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { HttpError, isConnectionError } from './errors.ts';

const pgError = (code: string, message = 'from the server') =>
  Object.assign(new DatabaseError(message, 0, 'error'), { code });
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isConnectionError', () => {
  it.each([
    ['admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02')],
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['connection exception class', pgError('08006')],
    ['refused', systemError('ECONNREFUSED')],
    ['reset', systemError('ECONNRESET')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['refused on every address', new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')])],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'))],
  ])('%s: yes', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['syntax error', pgError('42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an expected failure', new HttpError(404, 'NOT_FOUND', 'No such list')],
    ['wrapped query error', new DrizzleQueryError('insert', [], pgError('23505'))],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: no', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
