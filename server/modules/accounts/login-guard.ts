import { AppError } from '../../lib/errors';
import { createFailureLimiter, type RateLimitCounter } from '../../lib/rate-limit-store';

/**
 * Password guessing is limited per address and account, counting wrong passwords only, so neither a whole
 * office behind one address nor a shopper who logs in often is locked out by someone else's typos; per
 * account across all addresses (looser, so that the owner is rarely held up by a stranger's guesses), so that
 * many addresses cannot share the guessing of one account; and every attempt per address, so that one
 * address cannot try many accounts. All count in the shared store (PostgreSQL), for the API's `/api/token/`
 * and the log-in page alike.
 */
export const LOGIN_FAILURES = { max: 10, windowMs: 5 * 60 * 1000 };
export const ACCOUNT_FAILURES = { max: 30, windowMs: 15 * 60 * 1000 };
export const LOGIN_ATTEMPTS = { max: 60, windowMs: 5 * 60 * 1000 };

const tooMany = (seconds: number) =>
  Object.assign(new AppError('rate_limited', `Too many attempts. Please wait ${seconds} seconds and try again.`), { retryAfter: seconds });

export function createLoginGuard(counter: RateLimitCounter) {
  const addressFailures = createFailureLimiter(counter, { name: 'login', ...LOGIN_FAILURES });
  const accountFailures = createFailureLimiter(counter, { name: 'account', ...ACCOUNT_FAILURES });
  const accountKey = (email: string) => email.trim().toLowerCase();

  async function refuseWhileLocked(limiter: typeof addressFailures, key: string) {
    const wait = await limiter.retryAfter(key);
    if (wait > 0) throw tooMany(wait);
  }

  return {
    /** Counts one attempt of an address at any way of logging in (password or Google); 429 past the limit. */
    async attempt(ip: string): Promise<void> {
      const { count, ttlMs } = await counter.hit(`login-address|${ip}`, LOGIN_ATTEMPTS.windowMs);
      if (count > LOGIN_ATTEMPTS.max) throw tooMany(Math.max(1, Math.ceil(ttlMs / 1000)));
    },

    /** Runs a password check for an e-mail from an address, counting a wrong password against both. */
    async withPassword<T>(ip: string, email: string, check: () => Promise<T>): Promise<T> {
      const key = `${ip}|${accountKey(email)}`;
      await refuseWhileLocked(addressFailures, key);
      await refuseWhileLocked(accountFailures, accountKey(email));
      try {
        const result = await check();
        // The address's own failures are forgotten; the account's stay counted, or a guesser who also knows
        // one good log-in (their own device) could reset them.
        await addressFailures.succeed(key);
        return result;
      } catch (err) {
        if (err instanceof AppError && err.code === 'unauthenticated')
          await Promise.all([addressFailures.fail(key), accountFailures.fail(accountKey(email))]);
        throw err;
      }
    },

    /** A check of the current password of a signed-in account (the profile): a wrong one counts for the account. */
    async accountPassword<T>(email: string, check: (onWrongPassword: () => Promise<void>) => Promise<T>): Promise<T> {
      const key = accountKey(email);
      await refuseWhileLocked(accountFailures, key);
      return check(() => accountFailures.fail(key));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
