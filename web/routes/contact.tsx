import { useState, type FormEvent } from 'react';
import { siteImageUrl } from '../../contract/site-images';
import { Picture } from '../components/ui/picture';
import { postJson } from '../features/content/api-form';
import { SHOP } from '../lib/shop-info';
import { useSocialLinks } from '../lib/social';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Contact us',
    description: 'Tell us about your home and the furniture you need. Our design team in Chennai will contact you soon.',
    path: '/contact',
    publicUrl: publicUrlOf(matches),
  });

const FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;

export default function ContactPage() {
  const social = useSocialLinks();
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'error'; message?: string }>({ kind: 'idle' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setStatus({ kind: 'sending' });
    const result = await postJson('/api/contact/', body);
    if (result.ok) {
      form.reset();
      setErrors({});
      setStatus({ kind: 'sent', message: 'Thank you! We will contact you soon.' });
    } else {
      setErrors(result.errors);
      setStatus({ kind: 'error', message: result.detail });
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
        <form className="mt-8 grid gap-5 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)} noValidate={false}>
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
                required
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
              required
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
