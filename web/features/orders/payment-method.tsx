import type { PaymentMethod } from '../../../contract/orders';

/** A small drawn mark per way of paying; the text beside it says the rest ("Visa ending 4242", "Test payment (simulated)"). */
function MethodLogo({ method, network }: { method: string; network: string | null }) {
  const brand = (network ?? '').toLowerCase();
  const box = 'h-6 w-9 shrink-0';
  if (method === 'card' || method === 'emi') {
    if (brand === 'visa')
      return (
        <svg viewBox="0 0 36 24" className={box} role="img" aria-label="Visa">
          <rect width="36" height="24" rx="4" fill="#1a1f71" />
          <text x="18" y="16" textAnchor="middle" fontSize="10" fontStyle="italic" fontWeight="700" fill="#fff" fontFamily="sans-serif">
            VISA
          </text>
        </svg>
      );
    if (brand === 'mastercard')
      return (
        <svg viewBox="0 0 36 24" className={box} role="img" aria-label="Mastercard">
          <rect width="36" height="24" rx="4" fill="#231f20" />
          <circle cx="15" cy="12" r="6.5" fill="#eb001b" />
          <circle cx="21" cy="12" r="6.5" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      );
    if (brand === 'rupay')
      return (
        <svg viewBox="0 0 36 24" className={box} role="img" aria-label="RuPay">
          <rect width="36" height="24" rx="4" fill="#fff" stroke="#d6d3d1" />
          <text x="16" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="#1b3f8f" fontFamily="sans-serif">
            RuPay
          </text>
          <path d="M29 8l3 4-3 4z" fill="#f26f21" />
        </svg>
      );
    return (
      <svg viewBox="0 0 36 24" className={box} role="img" aria-label="Card">
        <rect width="36" height="24" rx="4" fill="#57534e" />
        <rect y="6" width="36" height="4" fill="#292524" />
        <rect x="4" y="15" width="12" height="3" rx="1" fill="#e7e5e4" />
      </svg>
    );
  }
  if (method === 'upi')
    return (
      <svg viewBox="0 0 36 24" className={box} role="img" aria-label="UPI">
        <rect width="36" height="24" rx="4" fill="#fff" stroke="#d6d3d1" />
        <path d="M9 6l4 6-4 6z" fill="#097939" />
        <path d="M13 6l4 6-4 6z" fill="#ed752e" />
        <text x="26" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="#3f3f46" fontFamily="sans-serif">
          UPI
        </text>
      </svg>
    );
  if (method === 'simulated')
    return (
      <svg viewBox="0 0 36 24" className={box} role="img" aria-label="Test payment">
        <rect width="36" height="24" rx="4" fill="#fff" stroke="#a8a29e" strokeDasharray="3 2" />
        <text x="18" y="15.5" textAnchor="middle" fontSize="8" fontWeight="700" fill="#57534e" fontFamily="sans-serif">
          TEST
        </text>
      </svg>
    );
  if (method === 'netbanking')
    return (
      <svg viewBox="0 0 36 24" className={box} role="img" aria-label="Netbanking">
        <rect width="36" height="24" rx="4" fill="#e7e5e4" />
        <path d="M18 4l9 5H9z M11 10h2v7h-2z M17 10h2v7h-2z M23 10h2v7h-2z M9 18h18v2H9z" fill="#44403c" />
      </svg>
    );
  return (
    <svg viewBox="0 0 36 24" className={box} role="img" aria-label="Wallet">
      <rect width="36" height="24" rx="4" fill="#e7e5e4" />
      <rect x="8" y="6" width="20" height="13" rx="2" fill="#44403c" />
      <rect x="21" y="10" width="7" height="5" rx="1" fill="#e7e5e4" />
    </svg>
  );
}

/** How the order was paid, as the provider reported it: a logo and "Visa ending 4242", "UPI", … */
export function PaymentMethodNote({ payment }: { payment: PaymentMethod | null }) {
  if (!payment) return null;
  return (
    <p className="mt-1 flex items-center gap-2 text-sm text-teak-700">
      <MethodLogo method={payment.method} network={payment.card_network} />
      <span>{payment.label}</span>
    </p>
  );
}
