import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './breaker';

describe('the payment provider circuit breaker', () => {
  it('opens after failures in a row, refuses calls while open, then lets one trial call through', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 3, openMs: 30_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(breaker.allow()).toBe(true);
      breaker.failed();
    }
    expect(breaker.allow()).toBe(false);
    now += 30_000;
    expect(breaker.allow()).toBe(true);
    // Only one trial call at a time.
    expect(breaker.allow()).toBe(false);
    breaker.succeeded();
    expect(breaker.allow()).toBe(true);
  });

  it('a success in between starts the count again, and a failed trial opens it again', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 2, openMs: 1_000 }, () => now);
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    expect(breaker.allow()).toBe(true);
    breaker.failed();
    expect(breaker.allow()).toBe(false);
    now += 1_000;
    expect(breaker.allow()).toBe(true);
    breaker.failed();
    expect(breaker.allow()).toBe(false);
  });
});
