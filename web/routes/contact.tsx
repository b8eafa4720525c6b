import { useState, type FormEvent } from 'react';
import { data, useActionData } from 'react-router';
import { contactSchema } from '../../contract/content';
import { siteImageUrl } from '../../contract/site-images';
import { Picture } from '../components/ui/picture';
import { postJson } from '../features/content/api-form';
import { parseForm } from '../lib/form-action.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { SHOP } from '../lib/shop-info';
import { useSocialLinks } from '../lib/social';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Contact us',
    description: 'Tell us about your home and the furniture you need. Our design team in Chennai will contact you soon.',
    path: '/contact',
    publicUrl: publicUrlOf(matches),
  }),
  FORM_PAGE_REFERRER,
];

// The lengths the contract allows; the browser's input types are the only other rules (spec).
const FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name', maxLength: 100 },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name', maxLength: 100 },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: 30 },
] as const;

const SENT = 'Thank you! We will contact you soon.';

/**
 * The form sent before the page's scripts run (or without them): a plain POST to /contact, checked with the
 * contract's schema and handed to the same service as POST /api/contact/ (rate limited alike, see ssr.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(contactSchema, request);
  if (!form.ok) return data({ sent: false, detail: '', errors: form.errors, values: form.values }, { status: 400 });
  try {
    await context.services.content.contact(form.data);
  } catch (err) {
    context.log.error({ err }, 'a contact message could not be stored');
    return data(
      { sent: false, detail: 'Your message could not be sent just now. Please try again in a moment.', errors: {}, values: {} },
      { status: 503 },
    );
  }
  return { sent: true, detail: SENT, errors: {}, values: {} };
}

type Status = { kind: 'idle' | 'sending' | 'sent' | 'error'; message?: string };

export default function ContactPage() {
  const social = useSocialLinks();
  const answer = useActionData<typeof action>();
  const [status, setStatus] = useState<Status>(() =>
    !answer ? { kind: 'idle' } : answer.sent ? { kind: 'sent', message: answer.detail } : { kind: 'error', message: answer.detail },
  );
  const [errors, setErrors] = useState<Record<string, string[]>>(answer?.errors ?? {});
  const typed: Record<string, string> = answer?.values ?? {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setStatus({ kind: 'sending' });
    const result = await postJson('/api/contact/', body);
    if (result.ok) {
      form.reset();
      setErrors({});
      setStatus({ kind: 'sent', message: SENT });
    } else {
      setErrors(result.errors);
      // A field's error is shown once, under the field; the sentence below the button is for the rest.
      setStatus({ kind: 'error', message: Object.keys(result.errors).length ? '' : result.detail });
    }
  }

  const fieldError = (name: string) => errors[name]?.[0];
  return (
    <div className="container-page grid gap-12 py-12 lg:grid-cols-[1.3fr_1fr]">
      <section aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-4xl text-teak-900 sm:text-5xl">
          JUST SAY HI!
        </h1>
        <p className="mt-3 text-teak-800">Tell us about yourself and your need. We&apos;ll contact you soon.</p>
        <form method="post" className="mt-8 grid gap-5 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)}>
          {FIELDS.map((f) => (
            <div key={f.name}>
              <label htmlFor={f.name} className="text-sm font-semibold text-teak-900">
                {f.label}
              </label>
              <input
                id={f.name}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                maxLength={f.maxLength}
                defaultValue={typed[f.name]}
                aria-invalid={Boolean(fieldError(f.name))}
                aria-describedby={fieldError(f.name) ? `${f.name}-error` : undefined}
                onChange={() => setErrors(({ [f.name]: _removed, ...rest }) => rest)}
                className="mt-1 w-full rounded-xl border border-teak-200 bg-white px-4 py-3"
              />
              {fieldError(f.name) ? (
                <p id={`${f.name}-error`} className="mt-1 text-sm text-red-800">
                  {fieldError(f.name)}
                </p>
              ) : null}
            </div>
          ))}
          <div className="sm:col-span-2">
            <label htmlFor="description" className="text-sm font-semibold text-teak-900">
              How can we help?
            </label>
            <textarea
              id="description"
              name="description"
              rows={5}
              maxLength={5000}
              defaultValue={typed.description}
              aria-invalid={Boolean(fieldError('description'))}
              onChange={() => setErrors(({ description: _removed, ...rest }) => rest)}
              className="mt-1 w-full rounded-xl border border-teak-200 bg-white px-4 py-3"
            />
            {fieldError('description') ? <p className="mt-1 text-sm text-red-800">{fieldError('description')}</p> : null}
          </div>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'SENDING…' : 'SUBMIT'}
            </button>
            <p role="status" className={`mt-4 text-sm ${status.kind === 'error' ? 'text-red-800' : 'text-leaf'}`}>
              {status.kind === 'sent' || status.kind === 'error' ? status.message : ''}
            </p>
          </div>
        </form>
      </section>
      <aside className="space-y-6">
        <Picture
          src={siteImageUrl('workshop')}
          alt="Our workshop in Chennai"
          sizes="(min-width: 1024px) 40vw, 100vw"
          className="aspect-[4/3] w-full rounded-3xl object-cover"
        />
        <div className="rounded-3xl bg-white p-6 ring-1 ring-teak-200/60">
          <h2 className="font-display text-2xl text-teak-900">Visit or call</h2>
          <address className="mt-3 leading-relaxed text-teak-900 not-italic">{SHOP.address.join(', ')}</address>
          <p className="mt-3">
            <a href={`mailto:${SHOP.email}`} className="font-semibold text-teak-700 hover:underline">
              {SHOP.email}
            </a>
          </p>
          <p>
            <a href={`tel:${SHOP.phoneHref}`} className="font-semibold text-teak-700 hover:underline">
              {SHOP.phone}
            </a>
          </p>
          <p className="mt-3">
            <a href={SHOP.supportChat} className="text-teak-700 underline underline-offset-4" rel="noopener">
              Click here for Support
            </a>
          </p>
          <ul className="mt-4 flex gap-4 text-sm">
            {social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener" className="text-teak-700 hover:underline">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
