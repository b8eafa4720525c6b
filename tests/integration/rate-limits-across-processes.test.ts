import { describe, expect, inject, it } from 'vitest';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { appOnDatabase } from '../support/app';
import { clonePgTemplate } from '../support/pg-template';

const templateUrl = inject('pgTemplateUrl');

// Several app processes share one PostgreSQL in production: a limit must count every process's requests.
describe.skipIf(!templateUrl)('rate limits with several processes (PostgreSQL)', () => {
  it('two app processes on one database share every count', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const a = await appOnDatabase(clone.url);
    const b = await appOnDatabase(clone.url);
    try {
      // Sign-up: 10 in 10 minutes per address, whichever process answers.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: '/api/user/register/',
          payload: { username: `burst${i}`, email: `burst${i}@example.in`, password: 'x', password2: 'x' },
          remoteAddress: '10.7.0.1',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);

      // Log-in guessing of one account from many addresses, spread over both processes.
      await a.database.db.insert(users).values({ username: 'shared', email: 'shared@example.in', passwordHash: await hashPassword('Teak#Wood2026') });
      const guesses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { email: 'shared@example.in', password: `Guess#${i}` },
          remoteAddress: `10.7.1.${i + 1}`,
        });
        guesses.push(res.statusCode);
      }
      expect(guesses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(guesses[30]).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await clone.drop();
    }
  });
});

describe.skipIf(!templateUrl)('sessions with several processes (PostgreSQL)', () => {
  it('a session logged out in one process is refused by another at once', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const a = await appOnDatabase(clone.url);
    const b = await appOnDatabase(clone.url);
    try {
      await a.database.db
        .insert(users)
        .values({ username: 'roaming', email: 'roaming@example.in', passwordHash: await hashPassword('Teak#Wood2026') });
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'roaming@example.in', password: 'Teak#Wood2026' },
        remoteAddress: '10.7.2.1',
      });
      const tokens = login.json<{ access: string; refresh: string }>();
      const profile = () => b.app.inject({ url: '/api/profile/', headers: { authorization: `Bearer ${tokens.access}` } });
      expect((await profile()).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'POST', url: '/api/token/logout/', payload: { refresh: tokens.refresh } })).statusCode).toBe(204);
      expect((await profile()).statusCode).toBe(401);
      expect((await b.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: tokens.refresh } })).statusCode).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await clone.drop();
    }
  });
});
