import { useCallback } from 'react';
import { Link } from 'react-router';
import type { usePayment } from './use-payment';

/**
 * What the checkout says about the cart rather than about one try: it was paid meanwhile (another tab), with a
 * link to the order and no payment offered again; or its price changed since it was shown, told as news with the
 * new total, not as a failure. Either is brought into view: the buyer may be far down the page.
 */
export function PaymentNotices({ payment, className = 'mt-8' }: { payment: ReturnType<typeof usePayment>; className?: string }) {
  const show = useCallback((node: HTMLElement | null) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), []);
  if (payment.paidIn) {
    const { order_number, order_id } = payment.paidIn;
    return (
      <p
        ref={show}
        role="alert"
        className={`${className} scroll-mt-24 rounded-2xl bg-white px-5 py-4 text-teak-900 ring-1 ring-teak-300`}
        data-testid="cart-paid"
      >
        This cart was paid in order <span className="font-semibold">{order_number}</span>;{' '}
        <Link to={`/order-confirmation/${order_id}`} className="font-semibold underline underline-offset-4">
          see your order
        </Link>
        .
      </p>
    );
  }
  if (payment.priceNotice)
    return (
      <p
        ref={show}
        key={payment.priceNotice}
        role="status"
        className={`${className} scroll-mt-24 rounded-2xl bg-amber-50 px-5 py-4 text-amber-950 ring-1 ring-amber-200`}
        data-testid="price-changed"
      >
        {payment.priceNotice}
      </p>
    );
  return null;
}
