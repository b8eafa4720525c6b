/**
 * "Download invoice": the order's GST tax invoice (PDF) from `/api/orders/{id}/invoice/`, which the browser's
 * session authenticates; shown only when the order's documents hold a tax invoice (decision 0045), so it never
 * leads to a refusal: an order part paid (only its receipt voucher so far) or a ₹0 replacement has none.
 */
export function InvoiceLink({ order, className = '' }: { order: { id: number; number: string; documents: { kind: string }[] }; className?: string }) {
  if (!order.documents.some((d) => d.kind === 'invoice')) return null;
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
