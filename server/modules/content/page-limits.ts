import { twinLimit, type RateLimitCounter } from '../../lib/rate-limit-store';

/** Public forms: a person may send a few, a script may not send many. */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 };

/** The public pages' forms (contact, feedback, consultation booking), each counted with its API twin (five in ten minutes for both together). */
export function createContentPageLimits(counter: RateLimitCounter) {
  return {
    contact: twinLimit(counter, 'POST', '/api/contact/', FORM_RATE_LIMIT),
    feedback: twinLimit(counter, 'POST', '/api/feedback/', FORM_RATE_LIMIT),
    consultation: twinLimit(counter, 'POST', '/api/consultations/', FORM_RATE_LIMIT),
  };
}
