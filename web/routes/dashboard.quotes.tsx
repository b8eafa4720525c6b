import { Form, useActionData, useNavigation } from 'react-router';
import type { z } from 'zod';
import { formatDay, formatPaise, typedSum } from '../../contract/format';
import { rupeesToPaise } from '../../contract/money';
import { DEFAULT_ADVANCE_PERCENT, QUOTE_LINES_MAX, quoteInputSchema, quoteIssueSentence, type AdminQuoteRequest } from '../../contract/quotes';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, textOf } from '../features/admin/admin.server';
import { FormAlert, Panel, primaryButton, TextField, thumbUrl } from '../features/admin/ui';
import { answerTo } from '../lib/answer';
import { dispatch, done, failed, refusal, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.quotes';

export const handle: SectionHandle = { title: 'Quotes' };

/** The quotes queue: every request with its photos and the versions priced for it, newest first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'quotes', () => context.services.quotes.adminList());
}

/** Prices a request (a new version) and sends it to the buyer by e-mail: the quotes service's own rules. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { quote });
}

const numberOf = (formData: FormData, name: string): number | undefined => {
  const text = textOf(formData, name).trim();
  return text === '' ? undefined : Number(text);
};
/** A sum as typed ("1,35,000"): the contract's schema reads it (`typedRupees`); blank is left out. */
const sumOf = (formData: FormData, name: string): string | undefined => textOf(formData, name).trim() || undefined;

/**
 * The form's lines as the contract reads them, with the line number the owner sees for each (a blank line, neither
 * named nor priced, is left out wherever it is).
 */
function linesOf(formData: FormData) {
  const lines: z.input<typeof quoteInputSchema>['lines'] = [];
  const numbers: number[] = [];
  for (let i = 0; i < QUOTE_LINES_MAX; i++) {
    const piece = textOf(formData, `piece${i}`).trim();
    const price = textOf(formData, `price${i}`).trim();
    if (!piece && !price) continue;
    const product = numberOf(formData, `product${i}`);
    lines.push({
      piece,
      dimensions: textOf(formData, `dimensions${i}`).trim(),
      finish: textOf(formData, `finish${i}`).trim(),
      price: price || undefined,
      ...(product ? { product } : {}),
    });
    numbers.push(i);
  }
  return { lines, numbers };
}

async function quote({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const request = idOf(formData, 'request');
  if (!request) return failed('quote', 400, 'This request could not be read. Please reload the page.');
  const { lines, numbers } = linesOf(formData);
  const input = quoteInputSchema.safeParse(
    {
      request,
      lines,
      delivery: sumOf(formData, 'delivery'),
      production_weeks: numberOf(formData, 'production_weeks'),
      advance_percent: numberOf(formData, 'advance_percent'),
      valid_until: textOf(formData, 'valid_until').trim() || undefined,
    },
    { reportInput: true },
  );
  if (!input.success) {
    const issue = input.error.issues[0];
    // The line numbers the owner sees, not the places in the list sent.
    const path = issue?.path.map((p, at) => (at === 1 && issue.path[0] === 'lines' && typeof p === 'number' ? (numbers[p] ?? p) : p));
    const message = issue && path ? quoteIssueSentence({ ...issue, path }) : 'Some fields are not valid.';
    return failed('quote', 400, message, { inForm: true }, { request });
  }
  try {
    const priced = await context.services.quotes.createQuote(input.data);
    await context.services.quotes.send(priced.id);
  } catch (err) {
    return refusal('quote', err, { inForm: true }, { request });
  }
  return done('quote', { message: 'Quote sent. The buyer has an e-mail with its link.' }, { request });
}

const typedSumOrBlank = (n: number | null | undefined) => (n === null || n === undefined ? '' : typedSum(n));
const rupees = (n: number) => formatPaise(rupeesToPaise(n), { decimals: 'always' });

function RequestPanel({ request }: { request: AdminQuoteRequest }) {
  const answer = answerTo(useActionData<typeof action>(), 'quote');
  const mine = answer && 'request' in answer && answer.request === request.id ? answer : undefined;
  const navigation = useNavigation();
  const size = [request.length, request.breadth, request.height].some((v) => v !== null)
    ? `${request.length} × ${request.breadth} × ${request.height} cm`
    : '';
  const latest = request.quotes[request.quotes.length - 1];
  const open = !request.quotes.some((q) => q.status === 'accepted' || q.status === 'paid');
  // A new version starts from every line of the last one, with one empty line to add a piece.
  const lines: { piece: string; dimensions: string; finish: string; price?: number; product?: number | null }[] = latest
    ? [...latest.lines]
    : [{ piece: request.product ? `${request.product.name} in your size` : '', dimensions: size, finish: request.finish }];
  if (lines.length < QUOTE_LINES_MAX) lines.push({ piece: '', dimensions: '', finish: '' });
  return (
    <Panel title={`${request.product ? request.product.name : 'Own piece'} for ${request.user.email}`} id={`request-${request.id}`}>
      <p className="text-sm text-teak-900">{[size, request.finish, `pincode ${request.pincode}`].filter(Boolean).join(' · ')}</p>
      {request.description ? <p className="mt-1 text-sm text-teak-800">{request.description}</p> : null}
      {request.notes ? <p className="mt-1 text-sm text-teak-800">Notes: {request.notes}</p> : null}
      {request.photos.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Reference photos">
          {request.photos.map((p) => (
            <li key={p}>
              <a href={p} target="_blank" rel="noreferrer">
                <img src={thumbUrl(p) ?? p} alt="Buyer’s reference" className="h-20 w-20 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {request.quotes.length ? (
        <ol className="mt-4 space-y-3 text-sm" aria-label="Versions">
          {request.quotes.map((q) => (
            <li key={q.id} aria-label={`Version ${q.version}`}>
              Version {q.version}: {rupees(q.total)} ({q.advance_percent}% advance {rupees(q.advance)}), {q.production_weeks} weeks, valid until{' '}
              {formatDay(q.valid_until)} — <strong>{q.status.replace('_', ' ')}</strong>
              <ul className="mt-1 list-disc pl-5 text-teak-800">
                {q.lines.map((l, i) => (
                  <li key={i}>
                    {[l.piece, l.dimensions, l.finish].filter(Boolean).join(' · ')}: {l.price === 0 ? 'included' : rupees(l.price)}
                  </li>
                ))}
                <li>Delivery: {q.delivery === 0 ? 'free' : rupees(q.delivery)}</li>
              </ul>
              {q.change_note ? <span className="block text-teak-700">Buyer’s note: {q.change_note}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {open ? (
        <Form key={latest?.id ?? 'first'} method="post" aria-label={`Price request ${request.id}`} className="mt-4 grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="quote" />
          <input type="hidden" name="request" value={request.id} />
          {lines.map((line, i) => (
            <fieldset key={i} className="grid gap-3 rounded-lg border border-teak-200 p-3 sm:col-span-2 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium text-teak-900">{`Line ${i + 1}`}</legend>
              {line.product ? <input type="hidden" name={`product${i}`} value={line.product} /> : null}
              <TextField label="Piece" name={`piece${i}`} defaultValue={line.piece} maxLength={120} />
              <TextField label="Dimensions" name={`dimensions${i}`} defaultValue={line.dimensions} maxLength={60} />
              <TextField label="Finish" name={`finish${i}`} defaultValue={line.finish} maxLength={60} />
              <TextField
                label="Price (₹, GST included)"
                name={`price${i}`}
                inputMode="decimal"
                defaultValue={line.price === undefined ? '' : typedSum(line.price)}
                hint={i === 0 ? undefined : '0 for a piece included; leave the line empty to drop it'}
              />
            </fieldset>
          ))}
          <TextField
            label="Delivery (₹)"
            name="delivery"
            inputMode="decimal"
            defaultValue={typedSumOrBlank(latest?.delivery ?? request.default_delivery)}
            hint="The shop’s freight to the pincode"
          />
          <TextField label="Production weeks" name="production_weeks" inputMode="numeric" defaultValue={latest?.production_weeks ?? 6} />
          <TextField
            label="Advance (%)"
            name="advance_percent"
            inputMode="numeric"
            defaultValue={latest?.advance_percent ?? DEFAULT_ADVANCE_PERCENT}
          />
          <TextField label="Valid until" name="valid_until" type="date" hint="14 days when left empty" />
          <div className="sm:col-span-2">
            <FormAlert messages={mine && !mine.ok && mine.message ? [mine.message] : null} />
            {mine?.ok ? (
              <p role="status" className="text-sm text-teak-800">
                {mine.message}
              </p>
            ) : null}
            <button type="submit" className={primaryButton} disabled={navigation.state !== 'idle'}>
              {latest ? `Send version ${latest.version + 1}` : 'Send quote'}
            </button>
          </div>
        </Form>
      ) : null}
    </Panel>
  );
}

export default function QuotesRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.length === 0) return <p className="text-teak-800">No requests for a quote yet.</p>;
  return (
    <div className="space-y-6">
      {loaderData.map((r) => (
        <RequestPanel key={r.id} request={r} />
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the quotes." />;
}
