import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, useFetcher, useNavigation } from 'react-router';
import { searchSynonymInputSchema, type SearchSynonym } from '../../contract/catalog';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome } from '../features/admin/admin.server';
import { useAnswerToast } from '../features/admin/forms';
import { FormAlert, Panel, TextField, dangerButton, primaryButton } from '../features/admin/ui';
import { answerTo, type Answer } from '../lib/answer';
import { checkForm, dispatch, done, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.search-words';

export const handle: SectionHandle = { title: 'Products' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'search-words', () => context.services.catalog.listSynonyms());
}

/** `save`: a new word and what it stands for; `delete`: one word, by id. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { save, delete: remove });
}

async function save({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, searchSynonymInputSchema);
  if (submission.status !== 'success') return invalid('save', submission);
  try {
    await context.services.catalog.addSynonym(submission.value);
  } catch (err) {
    return refusal('save', err, { submission });
  }
  return done('save', { message: 'Word added: search takes it from now on', submission, reset: true });
}

function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (!id) return missingItem('delete');
  return outcome('delete', () => context.services.catalog.deleteSynonym(id), 'Word deleted');
}

function DeleteWord({ word }: { word: SearchSynonym }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={word.id} />
      <button type="submit" className={dangerButton} disabled={fetcher.state !== 'idle'} aria-label={`Delete ${word.term}`}>
        {fetcher.state !== 'idle' ? 'Deleting…' : 'Delete'}
      </button>
    </fetcher.Form>
  );
}

export default function SearchWordsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answer = answerTo(actionData, 'save');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  useAnswerToast(answer);
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: searchSynonymInputSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Search words">
        <p className="mb-4 text-sm text-teak-700">
          Words buyers type for what the catalogue calls otherwise. Search looks for the catalogue words as well as the word typed.
        </p>
        {loaderData.length ? (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-teak-700">
                <th className="py-2 font-semibold">Buyers type</th>
                <th className="py-2 font-semibold">Search also looks for</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody>
              {loaderData.map((word) => (
                <tr key={word.id} className="border-t border-teak-100">
                  <td className="py-2 font-semibold text-teak-900">{word.term}</td>
                  <td className="py-2">{word.means}</td>
                  <td className="py-2 text-right">
                    <DeleteWord word={word} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-teak-700">No search words yet.</p>
        )}
      </Panel>
      <Panel title="Add a word">
        <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label="Add a search word">
          <input type="hidden" name="intent" value="save" />
          <TextField
            label="Buyers type"
            name={fields.term.name}
            key={fields.term.key}
            defaultValue={fields.term.initialValue}
            errors={fields.term.errors}
            hint="One word, such as mandap or almirah."
          />
          <TextField
            label="Search also looks for"
            name={fields.means.name}
            key={fields.means.key}
            defaultValue={fields.means.initialValue}
            errors={fields.means.errors}
            hint="The catalogue's word or words, such as mandir or coffee table."
          />
          <FormAlert messages={form.errors} />
          <div>
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Adding…' : 'Add word'}
            </button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the search words." />;
}
