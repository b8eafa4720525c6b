import { describe, expect, it } from 'vitest';
import { createFailureLimiter } from './failure-limiter';

describe('the failure limiter', () => {
  it('stops a key after max failures until the window passes, and forgets them after a success', () => {
    let clock = 1_000_000;
    const limiter = createFailureLimiter({ max: 3, windowMs: 60_000, now: () => clock });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a')).toBe(0);
      limiter.fail('a');
      clock += 1000;
    }
    expect(limiter.retryAfter('a')).toBe(57);
    expect(limiter.retryAfter('b')).toBe(0);
    clock += 57_000;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.fail('b');
    limiter.fail('b');
    limiter.succeed('b');
    limiter.fail('b');
    expect(limiter.retryAfter('b')).toBe(0);
  });
});
