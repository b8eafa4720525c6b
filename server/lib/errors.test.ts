import { describe, expect, it } from 'vitest';
import { AppError, conflict, invalid, isDatabaseUnavailable, notFound, toErrorResponse } from './errors';

describe('the error vocabulary', () => {
  it('maps each kind to its HTTP status and envelope', () => {
    expect(toErrorResponse(notFound('Product'))).toEqual({
      status: 404,
      body: { detail: 'Product was not found.', code: 'not_found' },
    });
    expect(toErrorResponse(conflict('The cart changed.')).status).toBe(409);
    expect(toErrorResponse(new AppError('upstream_unavailable', 'Payments are down.')).status).toBe(503);
    expect(toErrorResponse(invalid({ email: ['Enter a valid e-mail address.'] }))).toEqual({
      status: 400,
      body: { detail: 'email: Enter a valid e-mail address.', code: 'invalid', errors: { email: ['Enter a valid e-mail address.'] } },
    });
  });

  it('never exposes an unexpected error', () => {
    const { status, body } = toErrorResponse(new Error('connection string postgres://user:pw@db'));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('postgres://');
  });
});

describe('a database that cannot be reached', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('is a 503 with a sentence, whatever the driver says and however it is wrapped', () => {
    const refused = Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' });
    for (const error of [
      wrapped(refused),
      wrapped(withCode('57P01', 'terminating connection due to administrator command')),
      wrapped(withCode('08006', 'connection failure')),
      wrapped(new Error('timeout exceeded when trying to connect')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('PGlite is closed'),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(toErrorResponse(error)).toEqual({
        status: 503,
        body: { detail: 'The shop is briefly unavailable. Please try again in a minute.', code: 'unavailable' },
      });
    }
  });

  it('is not confused with a query the database refused', () => {
    for (const code of ['23505', '22021', '42P01', '40001']) expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(false);
    expect(toErrorResponse(wrapped(withCode('42P01'))).status).toBe(500);
  });
});
