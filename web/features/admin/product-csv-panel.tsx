import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import type { ImportReport } from '../../../contract/admin';
import { DataTable } from './crud';
import { Field, Panel, UploadProgress, failureLine, failureOf, primaryButton, secondaryButton, useFlash } from './ui';

const EXPORT_PATH = '/api/admin/products.csv';
const IMPORT_PATH = '/api/admin/products/import/';

/** Product CSV: download every product, and upload a sheet with a dry run before anything changes. */
export function ProductCsvPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [success, flash] = useFlash();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    setFailure('');
    try {
      const response = await fetch(EXPORT_PATH);
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `products-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailure('The export could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  }

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
        flash(`Import finished: ${answer.summary.create} created, ${answer.summary.update} updated.`);
        setFile(null);
        setInputKey((k) => k + 1);
      }
    } catch (err) {
      setReport(null);
      const f = failureOf(err);
      const rowErrors = Object.entries(f.errors).filter(([k]) => k !== 'file');
      setFailure(
        [f.errors.file?.[0] ?? (f.detail || failureLine(f)), ...rowErrors.map(([k, v]) => `${k}: ${v.join(' ')}`)].filter(Boolean).join('\n') ||
          failureLine(f),
      );
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
      <Panel title="Export products">
        <p className="text-sm text-teak-800">Download every product as a CSV file to edit in a spreadsheet, then import it below.</p>
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Download products CSV'}
        </button>
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
          <p role="status" aria-live="polite" className={success ? 'rounded-lg bg-leaf/10 px-3 py-2 text-sm font-medium text-leaf' : 'sr-only'}>
            {success}
          </p>
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
          ) : null}
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
