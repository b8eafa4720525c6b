import { and, asc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { formatPaise } from '../../../contract/format';
import { paiseToDecimal } from '../../../contract/money';
import type { CreateOrderResponse, Order } from '../../../contract/orders';
import { quoteReference, type QuotePayment } from '../../../contract/quotes';
import type { Tx } from '../../db/client';
import { orders, productFinishImages, productImages, products, quotePayments, quoteRequests, quotes, users } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { ProviderPayment } from '../../lib/payments';
import { SHOP_NAME, VERIFY_FAILED, type CompletionSource } from '../checkout/checkout.service';
import { invoiceAttachment, issueInvoice, issueReceiptVoucher } from '../invoices/invoices.service';
import { isCharged, movePayment, recordCharge, recordRefund, recordRefundRow, summaryOf } from '../money/money.service';
import { makeOrder, moveOrder, newOrderNumber, noteOrder } from '../orders/orders.service';
import type { QuotesContext } from './context';
import { ADDRESS_NEEDED, createQuoteDelivery, type PricedDelivery } from './delivery';
import { indiaDaysAhead, indiaToday, sizeText, statusOf } from './present';
import { EXPIRED_MESSAGE, notOpenMessage, type QuoteRequests } from './requests';

type Buyer = { id: number; email: string };
type PaymentRow = typeof quotePayments.$inferSelect;
/** An address's fields in one order (jsonb keeps its keys in an order of its own). */
const addressKey = (a: object) => JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));
const money = (paise: number) => formatPaise(paise, { decimals: 'always' });

/** Why an advance is not taken: it was asked before a delivery address was chosen, so no order can be made of it. */
export const NO_ADDRESS_FOR_ADVANCE =
  'Choose a delivery address for this quote before paying its advance: accept it again with the address it goes to. Nothing was charged.';
/** The buyer's answer when such an advance was paid all the same: it is given back in full. */
export const ADVANCE_REFUNDED_NO_ADDRESS = (amount: string) =>
  `This advance was asked before a delivery address was chosen, so no order can be made of it: your payment of ${amount} is refunded in full. Accept the quote again with the address it goes to.`;
const NO_ADDRESS_REASON = 'the advance was asked before a delivery address was chosen, so no order could be made of it';

/**
 * The advance and the balance of a quote (decision 0039), through the same machinery as checkout: the provider
 * order is priced by the server and asked once per quote (or order) and amount under a row lock; the buyer's
 * answer is verified by its signature and completed once however many callers race (the buyer, the webhook,
 * the reconciler); every captured payment is a charge of the ledger, the payment status moves through its table.
 */
export function createQuotePayments(ctx: QuotesContext, requests: QuoteRequests) {
  const { db, deps } = ctx;
  const gateway = () => deps.payments.gateway;
  const delivery = createQuoteDelivery(ctx);

  function paymentResponse(row: PaymentRow, description: string): CreateOrderResponse {
    return {
      order_id: row.providerOrderId,
      razorpay_key: gateway().keyId,
      amount: row.amountPaise,
      currency: 'INR',
      name: SHOP_NAME,
      description,
      provider: gateway().provider,
      shipping_method: 'standard',
      subtotal_amount: paiseToDecimal(row.amountPaise),
      shipping_amount: '0.00',
      total_amount: paiseToDecimal(row.amountPaise),
      delivery_window: null,
    };
  }

  /** The open provider order for this purpose and amount, or a new one (the caller holds the row lock). */
  async function providerOrderFor(
    tx: Tx,
    what: { quoteId: number; orderId: number | null; purpose: 'advance' | 'balance'; amountPaise: number; receipt: string; to?: PricedDelivery },
  ): Promise<PaymentRow> {
    // An advance is asked for one address: an open one for another address (even at the same amount) is not it.
    const sameAddress = (row: PaymentRow) => !what.to || (row.address !== null && addressKey(row.address) === addressKey(what.to.address));
    const open = (
      await tx
        .select()
        .from(quotePayments)
        .where(
          and(
            eq(quotePayments.quoteId, what.quoteId),
            eq(quotePayments.purpose, what.purpose),
            eq(quotePayments.amountPaise, what.amountPaise),
            eq(quotePayments.provider, gateway().provider),
            isNull(quotePayments.providerPaymentId),
          ),
        )
        .orderBy(asc(quotePayments.id))
    ).find(sameAddress);
    if (open) return open;
    // An advance becomes an order, and an order needs a delivery address: none chosen, no provider order is asked.
    if (what.purpose === 'advance' && !what.to) throw conflict(NO_ADDRESS_FOR_ADVANCE);
    // The provider is asked for the server's amount only; nothing the client sent reaches it.
    const providerOrder = await gateway().createOrder({
      amount: what.amountPaise,
      currency: 'INR',
      receipt: what.receipt,
      notes: { purpose: what.purpose },
    });
    const [row] = await tx
      .insert(quotePayments)
      .values({
        quoteId: what.quoteId,
        orderId: what.orderId,
        purpose: what.purpose,
        provider: gateway().provider,
        providerOrderId: providerOrder.id,
        amountPaise: what.amountPaise,
        ...(what.to ? { address: what.to.address, deliveryPincode: what.to.pincode, deliveryPaise: what.to.deliveryPaise } : {}),
      })
      .returning();
    return row!;
  }

  /**
   * The buyer accepts a quote for a delivery address (decision 0046): the provider order of its advance (one
   * however many accepts race), priced for that address; an address beyond the freight sends the quote back.
   */
  async function accept(
    user: Buyer,
    quoteId: number,
    input: { address?: number; gstin?: string; business_name?: string } = {},
  ): Promise<CreateOrderResponse> {
    const { quote: current, request } = await requests.ownQuote(user, quoteId);
    if (input.address === undefined) throw invalid({ address: [ADDRESS_NEEDED] }, ADDRESS_NEEDED);
    // A business's GSTIN given with the address chosen is saved with it (checked as at checkout, decision 0049).
    if (input.gstin) await deps.addresses.setBusiness(user.id, input.address, { gstin: input.gstin, business_name: input.business_name });
    const address = await deps.addresses.snapshot(user.id, input.address);
    const open = statusOf(current);
    if (open !== 'sent' && open !== 'accepted') throw conflict(open === 'expired' ? EXPIRED_MESSAGE : notOpenMessage(open));
    const { priced, refusal } = await delivery.priceTo(current, request, address);
    if (!priced) return delivery.sendBack(current, address, refusal);
    let described = 'Advance for your quote';
    const row = await db.transaction(async (tx) => {
      // Accepts of one quote (a double click, two tabs) queue on its row: the first asks the provider, the rest find it.
      const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
      const status = statusOf(quote!);
      // An advance is taken only while the quote is valid, accepted or not: past its date nothing is asked of the provider.
      if (status === 'expired' || quote!.validUntil < indiaToday()) throw conflict(EXPIRED_MESSAGE);
      if (status !== 'sent' && status !== 'accepted') throw conflict(notOpenMessage(status));
      const payment = await providerOrderFor(tx, {
        quoteId,
        orderId: null,
        purpose: 'advance',
        amountPaise: priced.advancePaise,
        receipt: `Q${quote!.requestId}-v${quote!.version}`,
        to: priced,
      });
      // What the payment window says: the quote as the buyer's page names it, never a row's id.
      described = `Advance for quote ${quoteReference(quote!.requestId)}, version ${quote!.version}`;
      await tx.update(quotes).set({ status: 'accepted', address, updatedAt: new Date() }).where(eq(quotes.id, quoteId));
      return payment;
    });
    return paymentResponse(row, described);
  }

  /** Checks the buyer's three fields against a provider order of theirs, and fetches the payment. */
  async function verified(row: PaymentRow | undefined, input: QuotePayment): Promise<{ row: PaymentRow; payment: ProviderPayment }> {
    if (!row) throw notFound('This payment order');
    if (
      !/^[0-9a-f]{64}$/i.test(input.razorpay_signature) ||
      !gateway().verifyPaymentSignature(row.providerOrderId, input.razorpay_payment_id, input.razorpay_signature)
    )
      throw invalid({ razorpay_signature: ['The payment signature does not match this payment.'] }, VERIFY_FAILED);
    const payment = await gateway().fetchPayment(input.razorpay_payment_id);
    if (payment.orderId !== row.providerOrderId) throw invalid({ razorpay_payment_id: ['This payment is for another order.'] }, VERIFY_FAILED);
    if (payment.status === 'failed') throw invalid({}, `Payment failed: ${payment.errorDescription ?? 'the bank declined it'}`);
    // A second tab's payment already given back as a duplicate: its completion finds it in the ledger and answers the order.
    if (payment.status === 'refunded' && (await isCharged(db, payment.id))) return { row, payment };
    if (payment.status !== 'captured') throw conflict('Your bank has not confirmed the payment yet. We will e-mail you as soon as it does.');
    return { row, payment };
  }

  /** The buyer's answer for an advance: verified, then the quote becomes an order. Answers the order. */
  async function verifyAdvance(user: Buyer, quoteId: number, input: QuotePayment): Promise<Order> {
    await requests.ownQuote(user, quoteId);
    const [row] = await db
      .select()
      .from(quotePayments)
      .where(
        and(eq(quotePayments.quoteId, quoteId), eq(quotePayments.purpose, 'advance'), eq(quotePayments.providerOrderId, input.razorpay_order_id)),
      );
    const { payment } = await verified(row, input);
    const orderId = await completeAdvance(row!, payment, 'checkout');
    if (orderId === null) throw conflict(ADVANCE_REFUNDED_NO_ADDRESS(money(payment.amount)));
    return deps.orderFor(user.id, orderId);
  }

  /** An amount that is not the one asked: refused, and the owner told (no order is made of it). */
  function amountMismatch(row: PaymentRow, payment: ProviderPayment): AppError | null {
    if (payment.amount === row.amountPaise && payment.currency === 'INR') return null;
    deps.log(
      new Error(`payment ${payment.id} of ${payment.amount} ${payment.currency} for ${row.providerOrderId}`),
      'a quote payment does not match its amount',
    );
    return new AppError('invalid', 'Payment verification failed: the amount paid does not match the amount asked. Please contact support.');
  }

  /**
   * A captured advance: in one transaction the order is made from the quote (its lines, delivery and pincode),
   * its payment status part paid, the advance a charge of the ledger, the order paid (the workshop's timeline
   * starts) and its GST receipt voucher numbered. Once however many callers race; a second payment of the same
   * advance is charged and refunded in full. Answers the order's id.
   */
  async function completeAdvance(row: PaymentRow, payment: ProviderPayment, source: CompletionSource): Promise<number | null> {
    const mismatch = amountMismatch(row, payment);
    if (mismatch) throw mismatch;
    let fresh = false;
    let late = false;
    let giveBack: number | null = null;
    const orderId = await db.transaction(async (tx): Promise<number | null> => {
      const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.quoteId)).for('update');
      const [request] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, quote!.requestId));
      const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, request!.userId));
      if (quote!.orderId !== null) {
        // This payment is in the ledger already (the advance kept, or a duplicate given back): nothing more to do.
        if (await isCharged(tx, payment.id)) return quote!.orderId;
        late = await lateCharge(tx, quote!.orderId, row, payment, 'the advance of this quote had already been paid');
        return quote!.orderId;
      }
      if (!(row.address ?? quote!.address)) {
        // An advance asked before an address was chosen (decision 0046) cannot become an order: it is charged
        // with no order and refunded in full, once however many confirmations race (keyed by the payment).
        if (await isCharged(tx, payment.id)) return null;
        await recordCharge(tx, {
          orderId: null,
          purpose: 'advance',
          provider: row.provider,
          providerOrderId: row.providerOrderId,
          paymentId: payment.id,
          amountPaise: payment.amount,
        });
        giveBack = await recordRefundRow(tx, { orderId: null, paymentId: payment.id, reason: NO_ADDRESS_REASON });
        // Its provider order is settled: the reconciler stops asking, and a new accept asks a new one for an address.
        await tx
          .update(quotePayments)
          .set({ providerPaymentId: payment.id, paidAt: new Date() })
          .where(and(eq(quotePayments.id, row.id), isNull(quotePayments.providerPaymentId)));
        return null;
      }
      const number = newOrderNumber();
      // The order goes where its advance was asked for, at the delivery priced to it (decision 0046); an advance
      // asked before that named no address and takes the quote's.
      const shippingPaise = row.deliveryPaise ?? quote!.deliveryPaise;
      const lineProducts = quote!.lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id]));
      const slugs = lineProducts.length
        ? await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.id, lineProducts))
        : [];
      // A line shows its product's drawing (in the line's finish when the shop draws it), as a catalogue order does;
      // the buyer's reference photo is the request's, not the piece's.
      const [drawings, finishDrawings] = lineProducts.length
        ? await Promise.all([
            tx
              .select({ productId: productImages.productId, image: productImages.image })
              .from(productImages)
              .where(inArray(productImages.productId, lineProducts))
              .orderBy(asc(productImages.position), asc(productImages.id)),
            tx
              .select({ productId: productFinishImages.productId, finish: productFinishImages.finish, image: productFinishImages.image })
              .from(productFinishImages)
              .where(inArray(productFinishImages.productId, lineProducts)),
          ])
        : [[], []];
      const drawingOf = (l: { product_id: number | null; finish: string }) =>
        finishDrawings.find((d) => d.productId === l.product_id && d.finish === l.finish)?.image ??
        drawings.find((d) => d.productId === l.product_id)?.image ??
        null;
      const order = await makeOrder(tx, {
        number,
        userId: request!.userId,
        email: buyer!.email,
        origin: { kind: 'quote' },
        payment: { provider: row.provider, providerOrderId: row.providerOrderId },
        address: row.address ?? quote!.address,
        shippingMethod: 'standard',
        shippingPaise,
        delivery: {
          pincode: row.deliveryPincode ?? request!.pincode,
          from: indiaDaysAhead(quote!.productionWeeks * 7),
          to: indiaDaysAhead(quote!.productionWeeks * 7 + 10),
        },
        lines: quote!.lines.map((l) => ({
          productId: l.product_id,
          productName: l.piece,
          productSlug: slugs.find((p) => p.id === l.product_id)?.slug ?? null,
          productImage: drawingOf(l),
          quantity: 1,
          finish: [l.finish, l.dimensions || sizeText(request!)].filter(Boolean).join(', '),
          unitPricePaise: l.price_paise,
        })),
        note: `Order made from quote ${quote!.requestId}-v${quote!.version}; awaiting its advance.`,
      });
      const totalPaise = order.totalPaise;
      await movePayment(tx, order.id, 'part_paid', {
        changes: {
          paymentMethod: payment.method,
          cardNetwork: payment.cardNetwork,
          cardLast4: payment.cardLast4,
          paidAt: new Date(),
        },
      });
      await recordCharge(tx, {
        orderId: order.id,
        purpose: 'advance',
        provider: row.provider,
        providerOrderId: row.providerOrderId,
        paymentId: payment.id,
        amountPaise: payment.amount,
      });
      const via = source === 'checkout' ? '' : ` (confirmed by ${source === 'webhook' ? 'the provider’s notice' : 'a check with the provider'})`;
      await moveOrder(tx, order.id, 'pending', 'paid', `Advance ${payment.id} of ${money(payment.amount)} received${via}.`);
      const voucher = await issueReceiptVoucher(tx, order.id, deps.seller, payment.amount);
      await noteOrder(
        tx,
        order.id,
        'paid',
        `Advance of ${money(payment.amount)} (${quote!.advancePercent}% of ${money(totalPaise)}) received; receipt voucher ${voucher}. The balance of ${money(totalPaise - payment.amount)} is due before dispatch.`,
        'advance_received',
        { payment_id: payment.id, amount_paise: payment.amount, quote_id: quote!.id, document: voucher, source },
      );
      await tx
        .update(quotePayments)
        .set({ providerPaymentId: payment.id, orderId: order.id, paidAt: new Date() })
        .where(eq(quotePayments.id, row.id));
      await tx.update(quotes).set({ status: 'paid', orderId: order.id, updatedAt: new Date() }).where(eq(quotes.id, quote!.id));
      fresh = true;
      return order.id;
    });
    if (giveBack !== null) {
      const refundId = giveBack;
      deps.log(new Error(`advance ${payment.id} for ${row.providerOrderId}`), 'an advance with no delivery address was paid; it is refunded');
      await deps.refundNow(refundId).catch((err: unknown) => deps.log(err, 'refunding an advance with no address failed'));
    }
    if (orderId === null) return null;
    if (late) await deps.refundOrder(orderId).catch((err: unknown) => deps.log(err, 'refunding a second advance failed'));
    if (fresh) await paidMail(orderId, 'advance', payment.amount);
    return orderId;
  }

  /** A payment that arrives for money already received (or an order cancelled): charged and refunded in full, once. */
  async function lateCharge(tx: Tx, orderId: number, row: PaymentRow, payment: ProviderPayment, reason: string): Promise<boolean> {
    await recordCharge(tx, {
      orderId,
      purpose: row.purpose,
      provider: row.provider,
      providerOrderId: row.providerOrderId,
      paymentId: payment.id,
      amountPaise: payment.amount,
    });
    const refunded = await recordRefund(tx, { orderId, paymentId: payment.id, reason });
    if (refunded)
      await noteOrder(
        tx,
        orderId,
        null,
        `Payment ${payment.id} of ${money(payment.amount)} received, but ${reason}. It is refunded in full through the provider.`,
        'late_payment',
        {
          payment_id: payment.id,
          amount_paise: payment.amount,
          late: 'paid_already',
        },
      );
    return refunded;
  }

  /** The buyer's order whose balance is asked for; another buyer's is 404. */
  async function ownOrder(user: Buyer, orderId: number) {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)));
    if (!row) throw notFound('This order');
    return row;
  }

  /** The provider order of an order's balance, once it is ready to dispatch (one however many calls race). */
  async function payBalance(user: Buyer, orderId: number): Promise<CreateOrderResponse> {
    const own = await ownOrder(user, orderId);
    const row = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (order!.paymentStatus !== 'part_paid' || order!.status === 'cancelled')
        throw conflict(order!.status === 'cancelled' ? 'This order was cancelled: there is nothing to pay.' : 'This order is paid in full.');
      if (order!.status !== 'ready_to_dispatch')
        throw conflict('The balance is asked for when your piece is ready to dispatch; we will e-mail you then.');
      const [quote] = await tx.select().from(quotes).where(eq(quotes.orderId, orderId));
      if (!quote) throw conflict('This order has no balance to pay.');
      // What is due, from the order's summary: a duplicate advance given back does not lessen the balance.
      const due = (await summaryOf(tx, order!)).summary.duePaise;
      if (due <= 0) throw conflict('This order is paid in full.');
      return providerOrderFor(tx, {
        quoteId: quote.id,
        orderId,
        purpose: 'balance',
        amountPaise: due,
        receipt: `${order!.number}-B`,
      });
    });
    return paymentResponse(row, `Balance of order ${own.number}`);
  }

  async function verifyBalance(user: Buyer, orderId: number, input: QuotePayment): Promise<Order> {
    await ownOrder(user, orderId);
    const [row] = await db
      .select()
      .from(quotePayments)
      .where(
        and(eq(quotePayments.orderId, orderId), eq(quotePayments.purpose, 'balance'), eq(quotePayments.providerOrderId, input.razorpay_order_id)),
      );
    const { payment } = await verified(row, input);
    await completeBalance(row!, payment, 'checkout');
    const now = await deps.orderFor(user.id, orderId);
    if (now.status === 'cancelled') throw conflict('This order was cancelled before your payment arrived: it is refunded in full.');
    return now;
  }

  /**
   * A captured balance: the order's payment becomes captured, the balance a charge, and the tax invoice for the
   * whole value is issued with the advance shown as received. A balance for an order paid or cancelled meanwhile
   * is charged and refunded in full.
   */
  async function completeBalance(row: PaymentRow, payment: ProviderPayment, source: CompletionSource): Promise<void> {
    const mismatch = amountMismatch(row, payment);
    if (mismatch) throw mismatch;
    const orderId = row.orderId!;
    let outcome = 'already' as 'paid' | 'late' | 'already';
    await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      // Applied once per payment, keyed by the ledger: the kept balance's later confirmations (verify, webhook,
      // reconciler, in any order and any process) find its charge, and so does a duplicate already given back.
      if (await isCharged(tx, payment.id)) return;
      const moved = await movePayment(tx, orderId, 'captured', { from: ['part_paid'], onlyIf: ne(orders.status, 'cancelled') });
      // The provider order names the first payment it received; a duplicate never takes the kept payment's place.
      await tx
        .update(quotePayments)
        .set({ providerPaymentId: payment.id, paidAt: new Date() })
        .where(and(eq(quotePayments.id, row.id), isNull(quotePayments.providerPaymentId)));
      if (!moved) {
        const reason =
          order!.status === 'cancelled' ? 'the order had been cancelled before the payment arrived' : 'the order had already been paid in full';
        outcome = (await lateCharge(tx, orderId, row, payment, reason)) ? 'late' : 'already';
        return;
      }
      await recordCharge(tx, {
        orderId,
        purpose: 'balance',
        provider: row.provider,
        providerOrderId: row.providerOrderId,
        paymentId: payment.id,
        amountPaise: payment.amount,
      });
      const advance = order!.totalPaise - payment.amount;
      const invoice = await issueInvoice(tx, orderId, deps.seller, new Date(), advance);
      const via = source === 'checkout' ? '' : ` (confirmed by ${source === 'webhook' ? 'the provider’s notice' : 'a check with the provider'})`;
      await noteOrder(
        tx,
        orderId,
        null,
        `Balance ${payment.id} of ${money(payment.amount)} received${via}; tax invoice ${invoice} issued for ${money(order!.totalPaise)}, the advance of ${money(advance)} shown as received.`,
        'balance_received',
        {
          payment_id: payment.id,
          amount_paise: payment.amount,
          document: invoice,
          source,
        },
      );
      outcome = 'paid';
    });
    if (outcome === 'late') await deps.refundOrder(orderId).catch((err: unknown) => deps.log(err, 'refunding a late balance failed'));
    if (outcome === 'paid') await paidMail(orderId, 'balance', payment.amount);
  }

  /** The buyer's e-mail for an advance (with its receipt voucher) or a balance (with the tax invoice), and the shop's. */
  async function paidMail(orderId: number, what: 'advance' | 'balance', amount: number) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const kind = what === 'advance' ? 'receipt_voucher' : 'invoice';
    const attachments = await invoiceAttachment(db, orderId, kind, deps.log);
    const a = order.address;
    const to = a
      ? `\n\nDelivering to ${a.first_name} ${a.last_name}, ${[a.address_line1, a.address_line2].filter(Boolean).join(', ')}, ${a.city} ${a.postal_code}.`
      : '';
    const text =
      what === 'advance'
        ? `We have received your advance of ${money(amount)} for order ${order.number}: the workshop starts on your piece. Its receipt voucher is attached.${to}\n\nWe will ask for the balance when the piece is ready to dispatch.\n\nFollow it at ${deps.publicUrl}/orderdetails`
        : `We have received the balance of ${money(amount)} for order ${order.number}: the piece is on its way to dispatch. The tax invoice for the whole order, with your advance shown as received, is attached.${to}\n\n${deps.publicUrl}/orderdetails`;
    await deps.mailer
      .send({ to: order.email, subject: `${what === 'advance' ? 'Advance' : 'Balance'} received for your order ${order.number}`, text, attachments })
      .catch((err: unknown) => deps.log(err, 'quote payment e-mail failed'));
    await deps.mailer
      .send({
        to: deps.shopEmail,
        subject: `${what === 'advance' ? 'Advance' : 'Balance'} of ${money(amount)} received: order ${order.number}`,
        text: `Order ${order.number} (${order.email}).`,
      })
      .catch((err: unknown) => deps.log(err, 'quote payment e-mail failed'));
  }

  /** The webhook's hand-over: a payment for one of the quotes' provider orders (null when it is not one). */
  async function apply(providerOrderId: string, payment: ProviderPayment, source: CompletionSource): Promise<string | null> {
    const [row] = await db.select().from(quotePayments).where(eq(quotePayments.providerOrderId, providerOrderId));
    if (!row) return null;
    if (payment.status !== 'captured' || payment.orderId !== providerOrderId) return 'ignored';
    try {
      if (row.purpose === 'advance') {
        if ((await completeAdvance(row, payment, source)) === null) return 'advance refunded: no delivery address';
      } else await completeBalance(row, payment, source);
      return `${row.purpose} paid`;
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid') return 'amount mismatch';
      throw err;
    }
  }

  /** The reconciler's pass over the quotes' provider orders left unpaid (a lost webhook, a closed tab). */
  async function reconcile(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number> {
    const now = Date.now();
    const open = await db
      .select()
      .from(quotePayments)
      .where(
        and(
          isNull(quotePayments.providerPaymentId),
          eq(quotePayments.provider, gateway().provider),
          lt(quotePayments.createdAt, new Date(now - (options.olderThanMs ?? 5 * 60_000))),
          gt(quotePayments.createdAt, new Date(now - (options.maxAgeMs ?? 7 * 24 * 3600_000))),
        ),
      )
      .orderBy(asc(quotePayments.createdAt))
      .limit(Math.min(options.limit ?? 50, 200));
    let completed = 0;
    for (const row of open) {
      try {
        const found = await gateway().fetchOrderPayments(row.providerOrderId);
        const best = found.find((p) => p.status === 'captured' && p.amount === row.amountPaise);
        if (!best) continue;
        if ((await apply(row.providerOrderId, { ...best, orderId: row.providerOrderId }, 'reconciler')) !== null) completed += 1;
      } catch (err) {
        deps.log(err, `reconciling quote payment ${row.providerOrderId} failed`);
        if (err instanceof AppError && err.code === 'upstream_unavailable') break;
      }
    }
    return completed;
  }

  /** Whether a provider order is this buyer's advance or balance, not paid yet. */
  async function payableBy(userId: number, providerOrderId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: quotePayments.id, purpose: quotePayments.purpose, address: quotePayments.address, quoteAddress: quotes.address })
      .from(quotePayments)
      .innerJoin(quotes, eq(quotes.id, quotePayments.quoteId))
      .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
      .where(and(eq(quotePayments.providerOrderId, providerOrderId), eq(quoteRequests.userId, userId), isNull(quotePayments.providerPaymentId)));
    // An advance asked before a delivery address was chosen is not taken: no order could be made of it.
    if (row?.purpose === 'advance' && !(row.address ?? row.quoteAddress)) throw conflict(NO_ADDRESS_FOR_ADVANCE);
    return row !== undefined;
  }

  return { accept, verifyAdvance, payBalance, verifyBalance, apply, reconcile, payableBy, addressChoices: delivery.addressChoices };
}
