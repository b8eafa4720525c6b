import { redirect } from 'react-router';
import { readyToShipFormSchema, readyToShipPatchFormSchema } from '../../contract/catalog';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { RTS_PAGE_SIZE, ReadyToShipPanel } from '../features/admin/ready-to-ship-panel';
import { checkForm, dispatch, done, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import { isNotFound } from '../lib/load.server';
import { answerTo } from '../lib/answer';
import type { Route } from './+types/dashboard.ready-to-ship';

export const handle: SectionHandle = { title: 'Products' };

/** A page of the range (?page=2) and the products the add form offers (?find=…). */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'ready-to-ship', async () => {
    const url = new URL(request.url);
    const asked = Number(url.searchParams.get('page'));
    const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
    const find = url.searchParams.get('find')?.trim().slice(0, 200) || undefined;
    const { catalog } = context.services;
    let range;
    try {
      range = await catalog.readyToShipPage(page, RTS_PAGE_SIZE);
    } catch (err) {
      // A page past the end (after removing the last entry of the last page): back to the first.
      if (page > 1 && isNotFound(err)) {
        url.searchParams.delete('page');
        throw redirect(url.pathname + url.search);
      }
      throw err;
    }
    const candidates = await catalog.listProducts({ search: find, limit: 50 });
    return { entries: range.results, count: range.count, page, candidates };
  });
}

/** `add` a product to the range, change an entry's `flags`, or `delete` it from the range. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { add, flags, delete: remove });
}

async function add({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, readyToShipFormSchema);
  if (submission.status !== 'success') return invalid('add', submission);
  try {
    await context.services.catalog.addReadyToShip(submission.value);
  } catch (err) {
    return refusal('add', err, { submission });
  }
  return done('add', { message: 'Product added to Ready to Ship', submission, reset: true });
}

function flags({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  const flags = readyToShipPatchFormSchema.pick({ MostSold: true, NewArrival: true }).safeParse({
    MostSold: formData.get('MostSold') ?? undefined,
    NewArrival: formData.get('NewArrival') ?? undefined,
  });
  if (id === null || !flags.success) return missingItem('flags');
  return outcome('flags', () => context.services.catalog.updateReadyToShip(id, flags.data), 'Ready to Ship entry updated');
}

function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (id === null) return missingItem('delete');
  const name = textOf(formData, 'name') || 'The product';
  return outcome('delete', () => context.services.catalog.removeReadyToShip(id), `${name} removed from Ready to Ship`);
}

export default function ReadyToShipRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReadyToShipPanel
      entries={loaderData.entries}
      count={loaderData.count}
      page={loaderData.page}
      candidates={loaderData.candidates}
      answer={answerTo(actionData, 'add')}
    />
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the ready-to-ship list." />;
}
