import { DISPATCH_TEXT, leadTimeText, madeToOrderIn, productionWeeks, stockedFinish, type LeadTimeFacts } from '../../../contract/lead-time';

/** "A, B and C". */
function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** When the piece in the chosen finish leaves the workshop, beside its price: made to order, or ready to ship. */
export function LeadTime({ product, finish }: { product: LeadTimeFacts; finish: string }) {
  const made = madeToOrderIn(product, finish);
  return (
    <span
      data-testid="lead-time"
      className={`inline-block rounded-full px-3 py-1 text-sm font-medium ${made ? 'bg-teak-100 text-teak-800' : 'bg-leaf/10 text-leaf'}`}
    >
      {leadTimeText(product, finish)}
    </span>
  );
}

/**
 * A ready-stock piece offered in several finishes: which one is on the shelf, and that the others are made
 * after the order, with their weeks. Nothing for a made-to-order piece or a single finish.
 */
export function StockedFinishNote({ product }: { product: LeadTimeFacts }) {
  const stocked = stockedFinish(product);
  if (!stocked || product.finishes.length < 2) return null;
  const others = product.finishes.filter((f) => f !== stocked);
  return (
    <p data-testid="stocked-finish" className="mt-3 rounded-2xl bg-white px-4 py-3 text-sm leading-relaxed text-teak-900 ring-1 ring-teak-200/60">
      <span className="font-semibold">In stock in {stocked}</span>, {DISPATCH_TEXT}. {listOf(others)} {others.length > 1 ? 'are' : 'is'} made to order
      and {others.length > 1 ? 'ship' : 'ships'} in {productionWeeks(product)}.
    </p>
  );
}
