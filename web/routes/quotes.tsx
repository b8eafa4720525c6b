import { useState } from 'react';
import { Form, Link, useActionData, useFetcher, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatDay, formatPaise } from '../../contract/format';
import { rupeesToPaise } from '../../contract/money';
import { addressInputSchema } from '../../contract/orders';
import { changeRequestSchema, quoteReference, type Quote, type QuoteAddressChoice, type QuoteRequest } from '../../contract/quotes';
import { FormAlert, inputClass } from '../components/ui/field';
import { AddressForm } from '../features/checkout/address-form';
import { QuotePayButton } from '../features/checkout/quote-payment';
import type { CheckoutAnswer } from '../features/checkout/use-payment';
import { answerTo } from '../lib/answer';
import { checkForm, dispatch, done, failed, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { requireUser } from '../lib/guards.server';
import { loadOr404 } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/quotes';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'My quotes',
    description: 'Your requests for a piece in your size, and our quotes.',
    path: '/quotes',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

/** The buyer's requests with every version of their quotes, newest first; `:id` opens one quote. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const requests = await loadOr404(context, 'your quotes', () => context.services.quotes.listForBuyer(user));
  // Each quote open to accept offers the buyer's saved addresses, priced for each one (decision 0046).
  const open = requests.flatMap((r) => r.quotes.filter((q) => q.status === 'sent' || q.status === 'accepted'));
  const choices: Record<number, QuoteAddressChoice[]> = Object.fromEntries(
    await Promise.all(open.map(async (q) => [q.id, await context.services.quotes.addressChoices(user, q.id)] as const)),
  );
  return {
    requests,
    open: params.id ? Number(params.id) : null,
    sent: new URL(request.url).searchParams.get('sent') === '1',
    choices,
  };
}

/** The buyer asks for a change to a quote, with a note. */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { change, address });
}

/** A new delivery address for a quote: checked by the contract's schema, kept by the address book (which refuses a pincode the shop does not serve). */
async function address({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const submission = checkForm(formData, addressInputSchema);
  const none = { status: 400, payment: null };
  if (submission.status !== 'success') return invalid('address', submission, {}, none);
  try {
    await context.services.addresses.create(user.id, submission.value);
  } catch (err) {
    return refusal('address', err, { submission }, { status: 409, payment: null });
  }
  return done(
    'address',
    { submission, reset: true, message: 'Your address was saved: choose it below to pay the advance.' },
    { status: 200, payment: null },
  );
}

async function change({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const quote = z.coerce.number().int().positive().safeParse(formData.get('quote'));
  const note = changeRequestSchema.safeParse({ note: formData.get('note') });
  if (!quote.success) return failed('change', 400, 'This quote could not be read. Please reload the page.');
  if (!note.success) return failed('change', 400, note.error.issues[0]?.message ?? 'Say what should change.', { inForm: true });
  try {
    await context.services.quotes.requestChange(user, quote.data, note.data.note);
  } catch (err) {
    return refusal('change', err, { inForm: true });
  }
  return done('change', { message: 'Your note was sent: we will send you a new version of the quote.' });
}

const rupees = (n: number) => formatPaise(rupeesToPaise(n), { decimals: 'always' });
const STATUS_TEXT: Record<Quote['status'], string> = {
  draft: 'Being priced',
  sent: 'Waiting for your answer',
  change_requested: 'Change asked for',
  accepted: 'Accepted: advance to pay',
  paid: 'Advance paid: an order now',
  expired: 'Expired',
  withdrawn: 'Replaced by a newer version',
};

function QuoteCard({ quote, current, choices }: { quote: Quote; current: boolean; choices: QuoteAddressChoice[] }) {
  const answer = answerTo(useActionData<typeof action>(), 'change');
  const navigation = useNavigation();
  const open = quote.status === 'sent' || quote.status === 'accepted';
  return (
    <article
      id={`quote-${quote.id}`}
      aria-label={`Quote version ${quote.version}`}
      className={`rounded-2xl p-4 ring-1 ${current ? 'bg-white ring-teak-400' : 'bg-teak-50 ring-teak-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-lg text-teak-900">Version {quote.version}</h3>
        <p className="text-sm font-semibold text-teak-700">{STATUS_TEXT[quote.status]}</p>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-teak-900">
        {quote.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-3">
            <span>{[l.piece, l.dimensions, l.finish].filter(Boolean).join(', ')}</span>
            <span className="tabular-nums">{rupees(l.price)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3">
          <span>Delivery</span>
          <span className="tabular-nums">{rupees(quote.delivery)}</span>
        </li>
      </ul>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-teak-700">Total (GST included)</dt>
        <dd className="text-right font-semibold tabular-nums">{rupees(quote.total)}</dd>
        <dt className="text-teak-700">Advance ({quote.advance_percent}%)</dt>
        <dd className="text-right tabular-nums">{rupees(quote.advance)}</dd>
        <dt className="text-teak-700">Balance before dispatch</dt>
        <dd className="text-right tabular-nums">{rupees(quote.balance)}</dd>
        <dt className="text-teak-700">Made in</dt>
        <dd className="text-right">{quote.production_weeks} weeks</dd>
        <dt className="text-teak-700">Valid until</dt>
        <dd className="text-right">{formatDay(quote.valid_until)}</dd>
      </dl>
      {quote.change_note ? <p className="mt-2 text-sm text-teak-800">Your note: {quote.change_note}</p> : null}
      {open ? (
        <div className="mt-4 space-y-4">
          <DeliveryAddressChoice quote={quote} choices={choices} />
          {quote.status === 'sent' ? (
            <Form method="post" aria-label={`Ask for a change to version ${quote.version}`} className="grid gap-2">
              <input type="hidden" name="intent" value="change" />
              <input type="hidden" name="quote" value={quote.id} />
              <label htmlFor={`note-${quote.id}`} className="text-sm font-semibold text-teak-800">
                Or ask for a change
              </label>
              <textarea id={`note-${quote.id}`} name="note" rows={2} maxLength={2000} className="rounded-xl border border-teak-200 px-3 py-2" />
              <FormAlert message={answer && !answer.ok ? answer.message : null} />
              <button type="submit" className="btn px-4 py-2 ring-1 ring-teak-300" disabled={navigation.state !== 'idle'}>
                Ask for a change
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {quote.order ? (
        <p className="mt-3 text-sm">
          <Link to="/orderdetails" className="font-semibold text-teak-700 underline">
            Follow your order
          </Link>
        </p>
      ) : null}
    </article>
  );
}

function RequestCard({ request, open, choices }: { request: QuoteRequest; open: number | null; choices: Record<number, QuoteAddressChoice[]> }) {
  const size = [request.length, request.breadth, request.height].some((v) => v !== null)
    ? `${request.length ?? '—'} × ${request.breadth ?? '—'} × ${request.height ?? '—'} cm`
    : '';
  return (
    <section aria-label={`Request ${request.id}`} className="rounded-3xl bg-white p-5 ring-1 ring-teak-200/60">
      <p className="text-xs font-semibold tracking-[0.15em] text-teak-600 uppercase">Quote {quoteReference(request.id)}</p>
      <h2 className="font-display text-xl text-teak-900">{request.product ? `${request.product.name} in your size` : 'A piece of your own'}</h2>
      <p className="mt-1 text-sm text-teak-800">{[size, request.finish, request.description].filter(Boolean).join(' · ')}</p>
      {request.photos.length ? (
        <ul className="mt-3 flex gap-2" aria-label="Your photos">
          {request.photos.map((p) => (
            <li key={p}>
              <img src={p} alt="Your reference" className="h-16 w-16 rounded-lg object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 space-y-3">
        {request.quotes.length === 0 ? <p className="text-sm text-teak-700">We are pricing it: you will get an e-mail with the quote.</p> : null}
        {[...request.quotes].reverse().map((q) => (
          <QuoteCard key={q.id} quote={q} current={q.id === open} choices={choices[q.id] ?? []} />
        ))}
      </div>
    </section>
  );
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { requests, open, sent, choices } = loaderData;
  const answer = answerTo(useActionData<typeof action>(), 'change');
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <p className="text-xs font-semibold tracking-[0.2em] text-teak-600 uppercase">Your account</p>
      <h1 className="mt-2 text-4xl text-teak-900">My quotes</h1>
      {sent ? (
        <p role="status" className="mt-4 rounded-xl bg-teak-50 p-3 text-teak-900">
          Your request was sent. We will e-mail you the quote.
        </p>
      ) : null}
      {answer?.ok ? (
        <p role="status" className="mt-4 rounded-xl bg-teak-50 p-3 text-teak-900">
          {answer.message}
        </p>
      ) : null}
      <div className="mt-6 space-y-6">
        {requests.length === 0 ? (
          <p className="rounded-3xl bg-white p-6 text-teak-900 ring-1 ring-teak-200/60">
            No requests yet.{' '}
            <Link to="/Bfurniture" className="underline">
              Ask for a piece of your own
            </Link>
            , or choose “Request in your size” on a product.
          </p>
        ) : (
          requests.map((r) => <RequestCard key={r.id} request={r} open={open} choices={choices} />)
        )}
      </div>
    </div>
  );
}

/**
 * Accepting a quote asks where it goes (decision 0046): each saved address with the advance to pay for it (the
 * quote's own in the pincode it was priced for, re-priced from our freight elsewhere), or a new address.
 */
function DeliveryAddressChoice({ quote, choices }: { quote: Quote; choices: QuoteAddressChoice[] }) {
  const saver = useFetcher<CheckoutAnswer>({ key: `quote-address-${quote.id}` });
  const [adding, setAdding] = useState(choices.length === 0);
  // Opening the form in place is the page's script: until it runs, the button waits.
  const hydrated = useHydrated();
  // A saved address closes the form (the loader lists it among the choices); told during render, not after.
  const [seen, setSeen] = useState(saver.data);
  if (saver.data !== seen) {
    setSeen(saver.data);
    if (saver.data?.ok) setAdding(false);
  }
  const saved = saver.data?.intent === 'address' && saver.data.ok ? saver.data.message : null;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-teak-900">Where should it be delivered? Choose an address to accept and pay the advance.</legend>
      {saved ? (
        <p role="status" className="rounded-xl bg-teak-50 p-3 text-sm text-teak-900">
          {saved}
        </p>
      ) : null}
      {choices.length > 0 ? (
        <ul className="space-y-3" aria-label="Delivery addresses">
          {choices.map((c) => (
            <li key={c.address_id} className="rounded-xl bg-sand p-3 text-sm ring-1 ring-teak-200/70">
              <p className="font-semibold text-teak-900">{c.text}</p>
              {c.note ? <p className={`mt-1 ${c.served ? 'text-teak-800' : 'text-red-800'}`}>{c.note}</p> : null}
              {c.served && !c.as_priced ? (
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4">
                  <dt>Delivery to {c.pincode}</dt>
                  <dd className="text-right tabular-nums">{rupees(c.delivery!)}</dd>
                  <dt>Total</dt>
                  <dd className="text-right tabular-nums">{rupees(c.total!)}</dd>
                  <dt>Advance ({quote.advance_percent}%)</dt>
                  <dd className="text-right font-semibold tabular-nums">{rupees(c.advance!)}</dd>
                </dl>
              ) : null}
              <div className="mt-3">
                <QuotePayButton
                  kind="advance"
                  id={quote.id}
                  addressId={c.address_id}
                  label={c.served ? `Deliver to ${c.city} and pay ${rupees(c.advance!)}` : `Ask us to price delivery to ${c.pincode}`}
                >
                  {c.served ? (
                    // A business buying with GST registration: its GSTIN and name go on the tax invoice, saved with this address.
                    <details className="mb-3 rounded-xl bg-white p-3 ring-1 ring-teak-200/70">
                      <summary className="cursor-pointer text-sm font-semibold text-teak-900">
                        Buying for a business? Add your GSTIN for the tax invoice
                      </summary>
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        <label className="grid gap-1 text-sm text-teak-900">
                          GSTIN (optional)
                          <input
                            name="gstin"
                            autoComplete="off"
                            maxLength={15}
                            placeholder="33AAACT1234C1Z4"
                            className={`${inputClass} border-teak-200`}
                          />
                        </label>
                        <label className="grid gap-1 text-sm text-teak-900">
                          Business name (optional)
                          <input name="business_name" autoComplete="organization" maxLength={200} className={`${inputClass} border-teak-200`} />
                        </label>
                      </div>
                    </details>
                  ) : null}
                </QuotePayButton>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <AddressForm
          payment={{ opener: saver, busy: saver.state !== 'idle' }}
          action={`/quotes/${quote.id}`}
          submitLabel="Save this address"
          onCancel={choices.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <button
          type="button"
          className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50"
          disabled={!hydrated}
          onClick={() => setAdding(true)}
        >
          <span aria-hidden>+</span> Add a new address
        </button>
      )}
    </fieldset>
  );
}
