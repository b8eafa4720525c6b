import { z } from 'zod';
import { readRupees } from './format';

// In the browser zod builds its parsers without `new Function`: the page's Content-Security-Policy has no
// 'unsafe-eval', and zod's probe for it would be reported as a policy violation on every page using a
// schema. The server keeps the faster compiled parsers. This module must run before any schema is made,
// which is why every contract file takes `z` from here.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * A sum of rupees as a person types it into a form ("1,35,000", "₹1,39,999", "1500.50") or as a JSON number, read by
 * the one parser (`readRupees`) before `schema` checks it: every owner's money field takes Indian grouping. What is
 * not a sum so written reaches `schema` as it came, for its own sentence.
 */
export function typedRupees<T extends z.ZodType>(schema: T) {
  return z.preprocess(readRupees, schema);
}

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
