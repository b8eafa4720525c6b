import { useState, type FormEvent } from 'react';
import type { ImportReport } from '../../../contract/admin';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { CatalogueNav } from './admin-panel';
import { GENERIC_FAILURE } from './forms';
import { DataTable, Field, FormAlert, Panel, UploadProgress, primaryButton, secondaryButton } from './ui';

const EXPORT_PATH = '/api/admin/products.csv';
const IMPORT_PATH = '/api/admin/products/import/';

/** Why an import was refused: the file's own error, or every row's (the server's sentences). */
function failureOf(err: unknown): string {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) return GENERIC_FAILURE;
  const rows = Object.entries(err.errors).filter(([k]) => k !== 'file');
  return [err.errors.file?.[0] ?? err.detail, ...rows.map(([k, v]) => `${k}: ${v.join(' ')}`)].join('\n');
}

/**
 * Product CSV: download every product, and upload a sheet with a dry run before anything changes. The sheet
 * goes to the admin API with XMLHttpRequest, for the upload's progress bar and the API's size limits.
 */
export function ProductCsvPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  async function send(dryRun: boolean) {
    if (!file) {
      setFailure('Choose a CSV file first.');
      return;
    }
    setBusy(true);
    setFailure('');
    const body = new FormData();
    body.set('file', file);
    try {
      const answer = await api<ImportReport>(IMPORT_PATH, {
        method: 'POST',
        form: body,
        query: { dry_run: String(dryRun) },
        onUploadProgress: setProgress,
      });
      setReport(answer);
      if (answer.applied) {
        toast(`Import finished: ${answer.summary.create} created, ${answer.summary.update} updated.`);
        setFile(null);
        setInputKey((k) => k + 1);
      }
    } catch (err) {
      setReport(null);
      setFailure(failureOf(err));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(true);
  }

  const canApply = report !== null && report.dry_run && report.summary.error === 0 && report.summary.create + report.summary.update > 0;
  return (
    <div className="grid grid-cols-1 gap-6">
      <CatalogueNav />
      <Panel title="Export products">
        <p className="text-sm text-teak-800">Download every product as a CSV file to edit in a spreadsheet, then import it below.</p>
        <a href={EXPORT_PATH} download className={`${secondaryButton} mt-3`}>
          Download products CSV
        </a>
      </Panel>
      <Panel title="Import products">
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Import products">
          <Field
            label="CSV file"
            hint="Rows are matched by slug: known slugs are updated, new ones created. Nothing changes until you apply the import."
          >
            {({ id, describedBy }) => (
              <input
                key={inputKey}
                id={id}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={describedBy}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setReport(null);
                  setFailure('');
                }}
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-teak-100 file:px-3 file:py-2 file:font-semibold file:text-teak-800"
              />
            )}
          </Field>
          <UploadProgress fraction={progress} />
          <FormAlert messages={failure ? [failure] : null} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={secondaryButton} disabled={busy}>
              {busy ? 'Checking…' : 'Check the file (dry run)'}
            </button>
            <button type="button" className={primaryButton} disabled={busy || !canApply} onClick={() => void send(false)}>
              Apply the import
            </button>
          </div>
        </form>
        {report ? <ImportReport report={report} /> : null}
      </Panel>
    </div>
  );
}

const ACTION_LABEL = { create: 'New product', update: 'Update', unchanged: 'Unchanged', error: 'Error' } as const;

function ImportReport({ report }: { report: ImportReport }) {
  const { summary } = report;
  const shown = report.rows.filter((r) => r.action !== 'unchanged');
  return (
    <div className="mt-6 grid gap-4" aria-live="polite">
      <h3 className="font-display text-lg text-teak-900">{report.applied ? 'Import result' : 'Dry run: what would change'}</h3>
      <p className="text-sm text-teak-800">
        {summary.create} {report.applied ? 'created' : 'to create'} · {summary.update} {report.applied ? 'updated' : 'to update'} ·{' '}
        {summary.unchanged} unchanged ·{' '}
        <span className={summary.error > 0 ? 'font-semibold text-red-800' : ''}>
          {summary.error} {summary.error === 1 ? 'row' : 'rows'} with errors
        </span>
      </p>
      {summary.error > 0 ? <p className="text-sm text-red-800">Nothing can be imported until every row is fixed.</p> : null}
      {shown.length > 0 ? (
        <DataTable
          label="Import rows"
          rows={shown}
          rowKey={(row) => row.line}
          rowClassName={(row) => (row.action === 'error' ? 'bg-red-50' : '')}
          columns={[
            { header: 'Line', className: 'tabular-nums', cell: (row) => row.line },
            { header: 'Product', cell: (row) => row.name ?? row.slug ?? '—' },
            { header: 'Action', cell: (row) => ACTION_LABEL[row.action] },
            {
              header: 'Changes or errors',
              cell: (row) =>
                row.errors ? (
                  <ul className="text-red-800">
                    {Object.entries(row.errors).map(([field, messages]) => (
                      <li key={field}>
                        {field}: {messages.join(' ')}
                      </li>
                    ))}
                  </ul>
                ) : (
                  row.changes.join(', ')
                ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
