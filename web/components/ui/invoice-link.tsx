/** Statuses of an order that was paid: its GST tax invoice was issued with the payment. */
const INVOICED = new Set(['paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered']);

/**
 * "Download invoice": the order's GST tax invoice (PDF) from `/api/orders/{id}/invoice/`, which the browser's
 * session authenticates; shown only for paid orders, so it never leads to a refusal.
 */
export function InvoiceLink({ order, className = '' }: { order: { id: number; number: string; status: string }; className?: string }) {
  if (!INVOICED.has(order.status.toLowerCase())) return null;
  return (
    <a
      href={`/api/orders/${order.id}/invoice/`}
      download
      className={`font-semibold text-teak-700 underline-offset-4 hover:underline ${className}`}
      aria-label={`Download invoice of order ${order.number} (PDF)`}
    >
      Download invoice
    </a>
  );
}
