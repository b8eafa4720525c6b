import { z } from 'zod';

// In the browser zod builds its parsers without `new Function`: the page's Content-Security-Policy has no
// 'unsafe-eval', and zod's probe for it would be reported as a policy violation on every page using a
// schema. The server keeps the faster compiled parsers. This module must run before any schema is made,
// which is why every contract file takes `z` from here.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * A request object that refuses fields it does not know, with a sentence naming them and what the call
 * takes. For requests where a silently dropped field would hide a client's mistake: money, quantities,
 * statuses (a misspelt `quantity` must not quietly become 1).
 */
export function strictObject<T extends z.core.$ZodLooseShape>(shape: T) {
  const known = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}. This call takes ${known}.`
        : undefined,
  });
}
