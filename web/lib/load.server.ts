import { data, type AppLoadContext } from 'react-router';
import { LOAD_FAILURE, type LoadSection } from './load-failure';

/** A section's data, or the spec's message for it when it could not be loaded. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

/** The shop's own "not found" (AppError code not_found), as opposed to a failure. */
export function isNotFound(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'not_found';
}

/**
 * The one way a loader reads a section of its page: the real error goes to the server's log, the visitor
 * gets the spec's text for that section. With `notFound: '404'` a missing item is the page's 404 instead
 * (a database failure is never a 404).
 */
export async function loadSection<T>(
  context: Pick<AppLoadContext, 'log'>,
  section: LoadSection,
  load: () => Promise<T>,
  options: { notFound?: '404' } = {},
): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (err) {
    if (options.notFound === '404' && isNotFound(err)) throw data(null, { status: 404 });
    context.log.error({ err, section }, 'a page section could not be loaded');
    return { ok: false, message: LOAD_FAILURE[section] };
  }
}

/**
 * A page's loader data, answered 503 when one of its main sections failed: the visitor sees the page with
 * the section's message, and a crawler or a monitor sees that it is not whole, for now.
 */
export function pageData<T>(payload: T, main: Loaded<unknown>[]) {
  return data(payload, { status: main.some((m) => !m.ok) ? 503 : 200 });
}

/**
 * The one way a signed-in page's main read fails: the shop's "not found" is the page's 404; anything else is
 * logged here and goes on to the page's error boundary, which never shows the error itself.
 */
export async function loadOr404<T>(context: Pick<AppLoadContext, 'log'>, what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isNotFound(err)) throw data(null, { status: 404 });
    context.log.error({ err }, `${what} could not be loaded`);
    throw err;
  }
}
