import { describe, expect, it } from 'vitest';
import { AppError, conflict, invalid, notFound, toErrorResponse } from './errors';

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
