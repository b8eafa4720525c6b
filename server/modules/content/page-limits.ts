import { FORM_RATE_LIMIT, twinLimit, type RateLimitCounter } from '../../lib/rate-limit-store';

export { FORM_RATE_LIMIT };

/** The public pages' forms (contact, feedback, consultation booking), each counted with its API twin (five in ten minutes for both together). */
export function createContentPageLimits(counter: RateLimitCounter) {
  return {
    contact: twinLimit(counter, 'POST', '/api/contact/', FORM_RATE_LIMIT),
    feedback: twinLimit(counter, 'POST', '/api/feedback/', FORM_RATE_LIMIT),
    consultation: twinLimit(counter, 'POST', '/api/consultations/', FORM_RATE_LIMIT),
  };
}
