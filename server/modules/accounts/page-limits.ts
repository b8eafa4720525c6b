import { twinLimit, type RateLimitCounter } from '../../lib/rate-limit-store';

const TEN_MINUTES = 10 * 60 * 1000;
/** Sign-ups per address (POST /api/user/register/ and the /signup page together). */
export const SIGNUP_LIMIT = { max: 10, timeWindow: TEN_MINUTES };
/** Reset e-mails per address, and new passwords set with a link per address (each API call with its page). */
export const RESET_LIMIT = { max: 5, timeWindow: TEN_MINUTES };
/** Password changes per address (POST /api/change-password/ and the profile page together). */
export const CHANGE_PASSWORD_LIMIT = { max: 10, timeWindow: 5 * 60 * 1000 };

/**
 * The limits of the account pages' forms, counted on the very counters of their API twins (the shared store):
 * a script cannot double its sign-ups or reset e-mails by using both. Past the limit, the shop's 429.
 */
export function createAccountPageLimits(counter: RateLimitCounter) {
  return {
    signup: twinLimit(counter, 'POST', '/api/user/register/', SIGNUP_LIMIT),
    passwordReset: twinLimit(counter, 'POST', '/api/password-reset/', RESET_LIMIT),
    passwordResetConfirm: twinLimit(counter, 'POST', '/api/password-reset/confirm/', RESET_LIMIT),
    changePassword: twinLimit(counter, 'POST', '/api/change-password/', CHANGE_PASSWORD_LIMIT),
  };
}

export type AccountPageLimits = ReturnType<typeof createAccountPageLimits>;
