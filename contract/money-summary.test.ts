import { describe, expect, it } from 'vitest';
import { summarize, type PaymentFigures } from './money';

const pay = (purpose: PaymentFigures['purpose'], amountPaise: number, refundedPaise = 0, duplicate = false): PaymentFigures => ({
  purpose,
  amountPaise,
  refundedPaise,
  duplicate,
});

/** An order's money summary (decision 0045): its figures and its financial status in Shopify's words. */
describe('summarize', () => {
  const total = 14_699_900;
  const advance = 4_410_000;

  it('walks a quote order from pending through part paid, paid, partly and wholly refunded', () => {
    expect(summarize({ totalPaise: total, status: 'pending' }, [])).toMatchObject({ financialStatus: 'pending', duePaise: 0, refundablePaise: 0 });
    expect(summarize({ totalPaise: total, status: 'paid' }, [pay('advance', advance)])).toEqual({
      totalPaise: total,
      receivedPaise: advance,
      refundedPaise: 0,
      duePaise: total - advance,
      refundablePaise: advance,
      financialStatus: 'partially_paid',
    });
    const both = [pay('advance', advance), pay('balance', total - advance)];
    expect(summarize({ totalPaise: total, status: 'ready_to_dispatch' }, both)).toMatchObject({ financialStatus: 'paid', duePaise: 0 });
    const partly = [pay('advance', advance, 500_000), pay('balance', total - advance, total - advance)];
    expect(summarize({ totalPaise: total, status: 'delivered' }, partly)).toMatchObject({
      financialStatus: 'partially_refunded',
      refundedPaise: total - advance + 500_000,
      refundablePaise: advance - 500_000,
    });
    const all = [pay('advance', advance, advance), pay('balance', total - advance, total - advance)];
    expect(summarize({ totalPaise: total, status: 'cancelled' }, all)).toMatchObject({
      financialStatus: 'refunded',
      duePaise: 0,
      refundablePaise: 0,
    });
  });

  it('a duplicate given back neither pays the balance nor makes the order partly refunded', () => {
    const twice = [pay('advance', advance), pay('advance', advance, advance, true)];
    expect(summarize({ totalPaise: total, status: 'in_production' }, twice)).toMatchObject({
      financialStatus: 'partially_paid',
      receivedPaise: 2 * advance,
      refundedPaise: advance,
      duePaise: total - advance,
    });
  });

  it('an attempt closed unpaid is voided; a ₹0 replacement is paid with nothing due', () => {
    expect(summarize({ totalPaise: 500_000, status: 'expired' }, []).financialStatus).toBe('voided');
    expect(summarize({ totalPaise: 500_000, status: 'cancelled' }, []).financialStatus).toBe('voided');
    expect(summarize({ totalPaise: 0, status: 'paid' }, [])).toMatchObject({ financialStatus: 'paid', duePaise: 0 });
  });
});
