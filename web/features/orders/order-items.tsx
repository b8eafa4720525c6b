import { Link } from 'react-router';
import type { OrderItem } from '../../../contract/orders';
import { Picture } from '../../components/ui/picture';
import { orderMoney } from './order-format';

/** The lines of a placed order, from the order's own copy (names and prices as they were when paid). */
export function OrderItems({ items, after }: { items: OrderItem[]; after?: (item: OrderItem) => React.ReactNode }) {
  return (
    <ul className="divide-y divide-teak-200/70">
      {items.map((item, i) => (
        <li key={`${item.product.slug}-${item.finish}-${i}`} className="flex gap-4 py-4">
          {/* A square tile whether or not the line has a picture (a bespoke piece has none). */}
          <div className="aspect-square w-20 shrink-0 self-start overflow-hidden rounded-xl bg-teak-100 sm:w-24">
            <Picture src={item.product.images[0]?.image} alt="" sizes="96px" className="aspect-square w-full object-cover" />
          </div>
          <div className="flex min-w-0 flex-1 flex-col justify-between gap-2 sm:flex-row">
            <div className="min-w-0">
              <p className="font-display text-lg leading-snug text-teak-900">
                {item.product.slug ? (
                  <Link to={`/product/${item.product.slug}`} className="hover:text-teak-600">
                    {item.product.name}
                  </Link>
                ) : (
                  item.product.name
                )}
              </p>
              <p className="mt-1 text-sm text-teak-700">
                {item.finish ? <>Finish: {item.finish} · </> : null}Quantity: {item.quantity}
              </p>
              {after ? after(item) : null}
            </div>
            <p className="font-semibold text-ink sm:text-right">{orderMoney(item.total)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
