export interface BreakerOptions {
  /** Consecutive failures (timeouts, 5xx, unreachable) that open the breaker. */
  failures: number;
  /** How long it stays open before one trial call is let through. */
  openMs: number;
}

const DEFAULTS: BreakerOptions = { failures: 3, openMs: 30_000 };

/**
 * A circuit breaker for one provider in one process. Closed: calls go through. After `failures`
 * failures in a row it opens: calls are refused at once for `openMs`. Then one trial call is let through
 * (half-open); its success closes the breaker, its failure opens it again.
 */
export class CircuitBreaker {
  private readonly options: BreakerOptions;
  private failuresInRow = 0;
  private openUntil = 0;
  private trialRunning = false;

  constructor(
    options: Partial<BreakerOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  get isOpen(): boolean {
    return this.failuresInRow >= this.options.failures;
  }

  /** Whether a call may go out now. */
  allow(): boolean {
    if (!this.isOpen) return true;
    if (this.now() < this.openUntil || this.trialRunning) return false;
    this.trialRunning = true;
    return true;
  }

  succeeded(): void {
    this.failuresInRow = 0;
    this.trialRunning = false;
  }

  failed(): void {
    this.failuresInRow += 1;
    this.trialRunning = false;
    if (this.isOpen) this.openUntil = this.now() + this.options.openMs;
  }
}
