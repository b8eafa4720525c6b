import { eq } from 'drizzle-orm';
import type { QuoteAddressChoice } from '../../../contract/quotes';
import { formatPaise } from '../../../contract/format';
import { paiseToRupees } from '../../../contract/money';
import type { AddressSnapshot } from '../../db/schema/addresses';
import { quotes, type quoteRequests } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import type { QuotesContext } from './context';
import { advanceOf } from './present';

type QuoteRow = typeof quotes.$inferSelect;
type RequestRow = typeof quoteRequests.$inferSelect;

/** What an advance is asked for: one address, the delivery to its pincode, and the total and advance with it. */
export interface PricedDelivery {
  address: AddressSnapshot;
  pincode: string;
  /** The pincode is the one the quote was priced for: the quote's own figures. */
  asPriced: boolean;
  deliveryPaise: number;
  totalPaise: number;
  advancePaise: number;
}

const money = (paise: number) => formatPaise(paise, { decimals: 'always' });

export const ADDRESS_NEEDED = 'Choose a delivery address for this quote, or add one: the advance is asked for the address it is delivered to.';

/** The sentence a buyer reads when the shop's freight does not reach the address chosen: the quote goes back to the owner. */
export const sentBackMessage = (pincode: string, city: string) =>
  `We do not deliver to ${pincode} (${city}) at our usual freight, so your quote has gone back to our workshop to price delivery there. We will e-mail you a new version; nothing was charged.`;

/**
 * A quote is paid for a delivery address (decision 0046). An address in the pincode the quote was priced for
 * keeps the quote's figures; another pincode is priced from the shop's freight (as the owner's queue prices a
 * request), the total and the advance with it; a pincode the freight does not reach sends the quote back to the
 * owner, with the address, as a change asked for.
 */
export function createQuoteDelivery(ctx: QuotesContext) {
  const { db, deps } = ctx;

  /** The delivery to an address, or why the freight does not reach it. */
  async function priceTo(
    quote: QuoteRow,
    request: RequestRow,
    address: AddressSnapshot,
  ): Promise<{ priced: PricedDelivery; refusal: null } | { priced: null; refusal: string }> {
    const pincode = address.postal_code;
    if (pincode === request.pincode)
      return {
        priced: {
          address,
          pincode,
          asPriced: true,
          deliveryPaise: quote.deliveryPaise,
          totalPaise: quote.totalPaise,
          advancePaise: quote.advancePaise,
        },
        refusal: null,
      };
    try {
      const freight = await deps.delivery.quote({
        pincode,
        lines: request.productId === null ? [] : [{ productId: request.productId, quantity: 1 }],
      });
      const deliveryPaise = freight.prices.standard;
      const totalPaise = quote.totalPaise - quote.deliveryPaise + deliveryPaise;
      return {
        priced: { address, pincode, asPriced: false, deliveryPaise, totalPaise, advancePaise: advanceOf(totalPaise, quote.advancePercent) },
        refusal: null,
      };
    } catch (err) {
      if (err instanceof AppError && err.status === 409) return { priced: null, refusal: err.detail };
      throw err;
    }
  }

  /** The buyer's saved addresses as the quote's page offers them: as priced, re-priced from the freight, or sent back. */
  async function addressChoices(userId: number, quote: QuoteRow, request: RequestRow): Promise<QuoteAddressChoice[]> {
    const saved = await deps.addresses.list(userId);
    return Promise.all(
      saved.map(async (a): Promise<QuoteAddressChoice> => {
        const { priced, refusal } = await priceTo(quote, request, await deps.addresses.snapshot(userId, a.id));
        return {
          address_id: a.id,
          text: `${a.first_name} ${a.last_name}, ${a.address_line1}, ${a.city} ${a.postal_code}`,
          pincode: a.postal_code,
          city: a.city,
          as_priced: priced?.asPriced ?? false,
          served: priced !== null,
          delivery: priced ? paiseToRupees(priced.deliveryPaise) : null,
          total: priced ? paiseToRupees(priced.totalPaise) : null,
          advance: priced ? paiseToRupees(priced.advancePaise) : null,
          note: priced
            ? priced.asPriced
              ? null
              : `This quote was priced for delivery to ${request.pincode}; delivery to ${a.postal_code} is ${money(priced.deliveryPaise)} at our freight, so the total is ${money(priced.totalPaise)}.`
            : refusal,
        };
      }),
    );
  }

  /**
   * The address chosen is beyond the shop's freight: the quote goes back to the owner as a change asked for,
   * naming the address, and the owner is told. Nothing is asked of the provider.
   */
  async function sendBack(quote: QuoteRow, address: AddressSnapshot, refusal: string): Promise<never> {
    const note = `Please deliver to ${address.address_line1}, ${address.city} ${address.postal_code}. (${refusal})`;
    await db.update(quotes).set({ status: 'change_requested', changeNote: note, updatedAt: new Date() }).where(eq(quotes.id, quote.id));
    await deps.mailer
      .send({
        to: deps.shopEmail,
        subject: `Quote ${quote.requestId}-v${quote.version}: delivery to ${address.postal_code} to price`,
        text: `The buyer chose to have it delivered to ${address.address_line1}, ${address.city} ${address.postal_code}, beyond the shop's freight.\n\nPrice a new version at ${deps.publicUrl}/dashboard/quotes`,
      })
      .catch((err: unknown) => deps.log(err, 'quote e-mail failed'));
    throw conflict(sentBackMessage(address.postal_code, address.city));
  }

  return { priceTo, addressChoices, sendBack };
}

export type QuoteDelivery = ReturnType<typeof createQuoteDelivery>;
