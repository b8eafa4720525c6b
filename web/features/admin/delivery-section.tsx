import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { z } from 'zod';
import {
  exclusionInputSchema,
  rateTableSchema,
  type DeliveryPlaces,
  type DeliveryZone,
  type Exclusion,
  type ExclusionKind,
  type RateTable,
  type UnservedPincode,
} from '../../../contract/delivery';
import { readRupees } from '../../../contract/format';
import { useAnswerToast } from './forms';
import type { Answer } from '../../lib/answer';
import { DataTable, FormAlert, Panel, SelectField, TextField, dangerButton, dateTime, inputClass, primaryButton, secondaryButton } from './ui';

const blankToNull = (v: unknown) => (typeof v !== 'string' || v.trim() === '' ? null : Number(v.trim()));
/** A price as typed ("1,500", "₹2,000"), read by the one parser of typed sums (`readRupees`); blank is none. */
const sumOrNull = (v: unknown) => (typeof v !== 'string' || v.trim() === '' ? null : readRupees(v.trim()));
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The rate table as the form posts it (every field a string, a spare weight band left blank): numbers made of
 * the texts, blank distances and weights made open-ended, blank bands dropped; then the contract's schema.
 */
export const rateTableFormSchema = z.preprocess((raw) => {
  const zones = (raw as { zones?: unknown[] } | undefined)?.zones ?? [];
  return {
    zones: zones.map((zone) => {
      const z0 = (zone ?? {}) as Record<string, unknown>;
      const rates = Array.isArray(z0.rates) ? (z0.rates as Record<string, unknown>[]) : [];
      return {
        code: textOf(z0.code),
        name: textOf(z0.name),
        max_km: blankToNull(z0.max_km),
        transit_days_min: blankToNull(z0.transit_days_min),
        transit_days_max: blankToNull(z0.transit_days_max),
        express_days_min: blankToNull(z0.express_days_min),
        express_days_max: blankToNull(z0.express_days_max),
        rates: rates
          .filter((r) => [r?.up_to_kg, r?.standard, r?.express].some((v) => typeof v === 'string' && v.trim() !== ''))
          .map((r) => ({ up_to_kg: blankToNull(r.up_to_kg), standard: sumOrNull(r.standard), express: sumOrNull(r.express) })),
      };
    }),
  };
}, rateTableSchema);

export function DeliverySection({
  exclusions,
  rates,
  unserved,
  places,
}: {
  exclusions: Exclusion[];
  rates: RateTable;
  unserved: UnservedPincode[];
  places: DeliveryPlaces;
}) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-sm text-teak-800">
        The shop delivers across India except where you exclude it. Buyers of an excluded pincode are told so on the product page, in the cart and at
        the address, and cannot order.
      </p>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Panel title="Not delivered to">
          <ExclusionList exclusions={exclusions} />
        </Panel>
        <Panel title="Exclude a place">
          <ExclusionForm places={places} />
        </Panel>
      </div>
      <Panel title="Pincodes asked for, not served">
        <UnservedList unserved={unserved} />
      </Panel>
      <Panel title="Rate table">
        <RateTableForm table={rates} />
      </Panel>
    </div>
  );
}

function ExclusionList({ exclusions }: { exclusions: Exclusion[] }) {
  const remover = useFetcher<Answer>();
  useAnswerToast(remover.data);
  const removing = remover.state !== 'idle' ? Number(remover.formData?.get('id')) : null;
  if (exclusions.length === 0) return <p className="text-sm text-teak-700">Every serviceable pincode of India is delivered to.</p>;
  return (
    <ul className="divide-y divide-teak-100" aria-label="Exclusions">
      {exclusions.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-teak-900">{e.label}</p>
            <p className="text-xs text-teak-700">
              {e.kind === 'range' ? 'Pincode range' : e.kind === 'district' ? 'District' : 'State'} · since {dateTime(e.created_at)}
              {e.note ? ` · ${e.note}` : ''}
            </p>
          </div>
          <remover.Form method="post">
            <input type="hidden" name="intent" value="include" />
            <input type="hidden" name="id" value={e.id} />
            <button type="submit" className={dangerButton} disabled={removing === e.id} aria-label={`Deliver to ${e.label} again`}>
              {removing === e.id ? 'Removing…' : 'Remove'}
            </button>
          </remover.Form>
        </li>
      ))}
    </ul>
  );
}

const KIND_LABELS: Record<ExclusionKind, string> = { state: 'A whole state', district: 'A district', range: 'A pincode range' };

function ExclusionForm({ places }: { places: DeliveryPlaces }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const [kind, setKind] = useState<ExclusionKind>('district');
  const [state, setState] = useState('');
  const districts = places.find((p) => p.state === state)?.districts ?? [];
  const [form] = useForm({
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: exclusionInputSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const errorsOf = (name: string) => form.allErrors[name];
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      // A saved exclusion empties the form: the choices go back to where they start.
      onReset={() => {
        setKind('district');
        setState('');
      }}
      className="grid gap-4"
      aria-label="Exclude a place"
    >
      <SelectField
        label="What to exclude"
        name="kind"
        defaultValue="district"
        onChange={(e) => {
          const next = e.target.value as ExclusionKind;
          // The state's select comes back empty after a pincode range.
          if (next === 'range' || kind === 'range') setState('');
          setKind(next);
        }}
      >
        {(Object.keys(KIND_LABELS) as ExclusionKind[]).map((k) => (
          <option key={k} value={k}>
            {KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      {kind !== 'range' ? (
        <SelectField label="State" name="state" defaultValue="" onChange={(e) => setState(e.target.value)} errors={errorsOf('state')}>
          <option value="">Choose a state</option>
          {places.map((p) => (
            <option key={p.state} value={p.state}>
              {p.state}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === 'district' ? (
        <SelectField label="District" name="district" defaultValue="" key={state} errors={errorsOf('district')} disabled={!state}>
          <option value="">{state ? 'Choose a district' : 'Choose the state first'}</option>
          {districts.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === 'range' ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField label="First pincode" name="pincode_from" inputMode="numeric" maxLength={6} errors={errorsOf('pincode_from')} />
          <TextField label="Last pincode" name="pincode_to" inputMode="numeric" maxLength={6} errors={errorsOf('pincode_to')} />
        </div>
      ) : null}
      <TextField
        label="Note (optional)"
        name="note"
        maxLength={300}
        errors={errorsOf('note')}
        hint="Why, for your own record: islands, no courier…"
      />
      <FormAlert messages={form.errors} />
      <div>
        <button type="submit" className={primaryButton} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving…' : 'Exclude'}
        </button>
      </div>
    </fetcher.Form>
  );
}

function UnservedList({ unserved }: { unserved: UnservedPincode[] }) {
  if (unserved.length === 0) return <p className="text-sm text-teak-700">No buyer has asked for a pincode the shop does not serve.</p>;
  return (
    <DataTable
      label="Pincodes asked for, not served"
      rows={unserved}
      rowKey={(u) => u.pincode}
      columns={[
        { header: 'Pincode', primary: true, cell: (u) => <span className="font-mono font-semibold text-teak-900">{u.pincode}</span> },
        { header: 'Place', className: 'text-teak-800', cell: (u) => `${u.city}, ${u.state}` },
        { header: 'Asked', align: 'right', className: 'tabular-nums', cell: (u) => `${u.count} ${u.count === 1 ? 'time' : 'times'}` },
        { header: 'Last asked', className: 'text-teak-800', cell: (u) => dateTime(u.last_asked_at) },
      ]}
    />
  );
}

const cellInput = `${inputClass} min-w-0 tabular-nums`;

/** A new zone, before the open-ended last one: a code of its own, the rest for the owner to fill. */
function newZone(): DeliveryZone {
  return {
    code: `zone-${Date.now().toString(36)}`,
    name: '',
    max_km: null,
    transit_days_min: 1,
    transit_days_max: 1,
    express_days_min: 1,
    express_days_max: 1,
    rates: [],
  };
}

function RateTableForm({ table }: { table: RateTable }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  // The zones on screen: the saved table's, with those added or removed since (saved as one table).
  const [zones, setZones] = useState(table.zones);
  const [seen, setSeen] = useState(table);
  if (table !== seen) {
    setSeen(table);
    setZones(table.zones);
  }
  const [form] = useForm({
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    shouldValidate: 'onSubmit',
  });
  const errorsOf = (name: string) => form.allErrors[name];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5" aria-label="Rate table">
      <input type="hidden" name="intent" value="rates" />
      <p className="text-sm text-teak-800">
        Zones are distance bands from the Chennai workshop, nearest first; the last takes all farther pincodes. The home zone is always ₹500 standard
        and ₹1,000 express. In other zones a piece is charged by its chargeable weight (its packed weight or volume, whichever is larger); leave the
        last weight band’s limit empty. A blank row adds a band when filled.
      </p>
      {zones.map((zone, i) => {
        const at = `zones[${i}]`;
        const bands = i === 0 ? [] : [...zone.rates, { up_to_kg: null, standard: '', express: '' }];
        return (
          <fieldset key={zone.code} className="rounded-xl p-4 ring-1 ring-teak-200">
            <legend className="px-1 text-sm font-semibold text-teak-900">
              {i === 0 ? 'Home zone' : `Zone ${i + 1}`}: {zone.name}
            </legend>
            <input type="hidden" name={`${at}.code`} value={zone.code} />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
              <div className="col-span-2 sm:col-span-3 lg:col-span-2">
                <TextField label="Name" name={`${at}.name`} defaultValue={zone.name} errors={errorsOf(`${at}.name`)} maxLength={100} />
              </div>
              <TextField
                label="Up to km"
                name={`${at}.max_km`}
                defaultValue={zone.max_km ?? ''}
                inputMode="numeric"
                placeholder={i === zones.length - 1 ? 'farther' : ''}
                errors={errorsOf(`${at}.max_km`)}
              />
              <TextField
                label="Transit days, from"
                name={`${at}.transit_days_min`}
                defaultValue={zone.transit_days_min}
                inputMode="numeric"
                errors={errorsOf(`${at}.transit_days_min`)}
              />
              <TextField
                label="Transit days, to"
                name={`${at}.transit_days_max`}
                defaultValue={zone.transit_days_max}
                inputMode="numeric"
                errors={errorsOf(`${at}.transit_days_max`)}
              />
              <TextField
                label="Express days, from"
                name={`${at}.express_days_min`}
                defaultValue={zone.express_days_min}
                inputMode="numeric"
                errors={errorsOf(`${at}.express_days_min`)}
              />
              <TextField
                label="Express days, to"
                name={`${at}.express_days_max`}
                defaultValue={zone.express_days_max}
                inputMode="numeric"
                errors={errorsOf(`${at}.express_days_max`)}
              />
            </div>
            {i > 0 ? (
              <table className="mt-4 w-full table-fixed text-sm" aria-label={`Weight bands of ${zone.name}`}>
                <thead>
                  <tr className="text-left text-xs tracking-wide text-teak-700 uppercase">
                    <th className="pr-2 font-semibold">Up to kg</th>
                    <th className="pr-2 font-semibold">Standard ₹</th>
                    <th className="font-semibold">Express ₹</th>
                  </tr>
                </thead>
                <tbody>
                  {bands.map((band, j) => {
                    const b = `${at}.rates[${j}]`;
                    const spare = j === zone.rates.length;
                    return (
                      <tr key={j}>
                        {(['up_to_kg', 'standard', 'express'] as const).map((key) => (
                          <td key={key} className="pr-2 pb-2 align-top">
                            <input
                              name={`${b}.${key}`}
                              defaultValue={band[key] ?? ''}
                              inputMode="decimal"
                              placeholder={key === 'up_to_kg' && !spare && j === zone.rates.length - 1 ? 'heavier' : spare ? 'add' : ''}
                              aria-label={`${zone.name}, band ${j + 1}: ${key === 'up_to_kg' ? 'up to kg' : `${key} price in rupees`}`}
                              aria-invalid={Boolean(errorsOf(`${b}.${key}`))}
                              className={cellInput}
                            />
                            {errorsOf(`${b}.${key}`)?.map((m) => (
                              <p key={m} className="mt-1 text-xs text-red-800">
                                {m}
                              </p>
                            ))}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ) : null}
            <FormAlert messages={errorsOf(`${at}.rates`)} />
            {i > 0 && i < zones.length - 1 ? (
              <button
                type="button"
                className={`${dangerButton} mt-3`}
                onClick={() => setZones((all) => all.filter((z) => z.code !== zone.code))}
                aria-label={`Remove the zone ${zone.name || `Zone ${i + 1}`}`}
              >
                Remove zone
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <FormAlert messages={form.errors ?? errorsOf('zones')} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={zones.length >= 10}
          onClick={() => setZones((all) => [...all.slice(0, -1), newZone(), ...all.slice(-1)])}
        >
          Add a zone
        </button>
        <button type="submit" className={primaryButton} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving…' : 'Save the rate table'}
        </button>
      </div>
    </fetcher.Form>
  );
}
