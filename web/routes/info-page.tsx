import { useEffect, useState, type FormEvent } from 'react';
import { Link, data, useActionData, useLocation } from 'react-router';
import { feedbackSchema } from '../../contract/content';
import { siteImageUrl } from '../../contract/site-images';
import { Picture } from '../components/ui/picture';
import { postJson } from '../features/content/api-form';
import { parseForm } from '../lib/form-action.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { SHOP } from '../lib/shop-info';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/info-page';

const TARGETS = ['store', 'feedback', 'terms', 'sustainability', 'aboutus', 'news', 'contact'] as const;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'About us, stores and feedback',
    description: 'Find our Chennai store, read about our teak and our people, and send us your feedback.',
    path: '/page',
    publicUrl: publicUrlOf(matches),
  }),
  FORM_PAGE_REFERRER,
];

const FILL_IN = 'Please fill in all fields.';
const SENT = 'Feedback sent successfully!';
const FAILED = 'Failed to send feedback. Try again later.';

/**
 * Feedback sent before the page's scripts run (or without them): a plain POST to /page, checked with the
 * contract's schema and handed to the same service as POST /api/feedback/ (rate limited alike, see ssr.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(feedbackSchema, request);
  if (!form.ok) {
    const missing = !form.values.user_email?.trim() || !form.values.user_message?.trim();
    const text = missing ? FILL_IN : (Object.values(form.errors)[0]?.[0] ?? FILL_IN);
    return data({ ok: false, text, values: form.values }, { status: 400 });
  }
  try {
    await context.services.content.feedback(form.data);
  } catch (err) {
    context.log.error({ err }, 'feedback could not be stored');
    return data({ ok: false, text: FAILED, values: { ...form.data } }, { status: 503 });
  }
  return { ok: true, text: SENT, values: {} as Record<string, string> };
}

function FeedbackForm() {
  const answer = useActionData<typeof action>();
  const [email, setEmail] = useState(answer?.values.user_email ?? '');
  const [message, setMessage] = useState(answer?.values.user_message ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(answer ? { ok: answer.ok, text: answer.text } : null);
  const [sending, setSending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !message.trim()) {
      setStatus({ ok: false, text: FILL_IN });
      return;
    }
    setSending(true);
    const result = await postJson('/api/feedback/', { user_email: email, user_message: message });
    setSending(false);
    if (result.ok) {
      setEmail('');
      setMessage('');
      setStatus({ ok: true, text: SENT });
    } else {
      setStatus({ ok: false, text: result.errors.user_email?.[0] ?? FAILED });
    }
  }

  return (
    <form method="post" action="/page#feedback" onSubmit={(e) => void onSubmit(e)} className="mt-6 grid max-w-xl gap-4" noValidate>
      <div>
        <label htmlFor="user_email" className="text-sm font-semibold text-teak-900">
          Your e-mail
        </label>
        <input
          id="user_email"
          name="user_email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="mt-1 w-full rounded-xl border border-teak-200 bg-white px-4 py-3"
        />
      </div>
      <div>
        <label htmlFor="user_message" className="text-sm font-semibold text-teak-900">
          Your feedback
        </label>
        <textarea
          id="user_message"
          name="user_message"
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="mt-1 w-full rounded-xl border border-teak-200 bg-white px-4 py-3"
        />
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send feedback'}
        </button>
        <p role="status" className={`mt-3 text-sm ${status?.ok ? 'text-leaf' : 'text-red-800'}`}>
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 border-t border-teak-200 py-14 first:border-t-0">
      <h2 id={`${id}-title`} className="text-3xl text-teak-900 sm:text-4xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function InfoPage() {
  const location = useLocation();
  const state = location.state as { scrollTo?: string } | null;
  const target = state?.scrollTo ?? location.hash.replace('#', '');

  useEffect(() => {
    if (!target || !(TARGETS as readonly string[]).includes(target)) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(target)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [target, location.key]);

  return (
    <div className="container-page py-10">
      <h1 className="sr-only">About Teakwood Studio</h1>
      <nav aria-label="On this page" className="flex flex-wrap gap-2">
        {[
          ['store', 'Find a Store'],
          ['feedback', 'Feedback'],
          ['aboutus', 'About Us'],
          ['news', 'News'],
          ['sustainability', 'Sustainability'],
          ['terms', 'Terms'],
          ['contact', 'Contact'],
        ].map(([id, label]) => (
          <Link
            key={id}
            to={`/page#${id}`}
            state={{ scrollTo: id }}
            className="rounded-full bg-white px-4 py-2 text-sm font-medium ring-1 ring-teak-200 hover:bg-teak-100"
          >
            {label}
          </Link>
        ))}
      </nav>
      <Section id="store" title="Find a Store">
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <Picture
            src={siteImageUrl('roomLiving')}
            alt="Our Chennai experience centre"
            sizes="(min-width: 768px) 50vw, 100vw"
            className="aspect-[3/2] w-full rounded-3xl object-cover"
          />
          <div>
            <h3 className="font-display text-2xl text-teak-900">Chennai Experience Centre</h3>
            <address className="mt-3 leading-relaxed not-italic">{SHOP.address.join(', ')}</address>
            <p className="mt-3 font-semibold text-teak-800">{SHOP.hours}</p>
            <p className="mt-3">
              <a href={`tel:${SHOP.phoneHref}`} className="text-teak-700 hover:underline">
                {SHOP.phone}
              </a>
            </p>
          </div>
        </div>
      </Section>
      <Section id="feedback" title="Feedback">
        <p className="mt-3 max-w-2xl text-teak-800">Tell us how we did. Every message is read by the founders.</p>
        <FeedbackForm />
      </Section>
      <Section id="aboutus" title="About Us">
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div className="space-y-4 leading-relaxed text-teak-900">
            <p>Teakwood Studio began as a family workshop in Chennai twenty-five years ago, making cots and almirahs for neighbours.</p>
            <p>
              Today our artisans build furniture for homes across India, still one piece at a time, still in solid teak, still with joints cut by
              hand.
            </p>
          </div>
          <Picture
            src={siteImageUrl('workshop')}
            alt="Artisans at work in our workshop"
            sizes="(min-width: 768px) 50vw, 100vw"
            className="aspect-[3/2] w-full rounded-3xl object-cover"
          />
        </div>
      </Section>
      <Section id="news" title="News">
        <ul className="mt-6 space-y-4">
          <li className="rounded-2xl bg-white p-5 ring-1 ring-teak-200/60">
            <p className="text-sm text-teak-700">November 2026</p>
            <p className="font-semibold text-teak-900">The Vintage Charm collection returns with new carved mandirs.</p>
          </li>
          <li className="rounded-2xl bg-white p-5 ring-1 ring-teak-200/60">
            <p className="text-sm text-teak-700">September 2026</p>
            <p className="font-semibold text-teak-900">Ready to Ship pieces now reach metro cities in 7 to 10 days.</p>
          </li>
        </ul>
      </Section>
      <Section id="sustainability" title="Sustainability">
        <p className="mt-4 max-w-3xl leading-relaxed text-teak-900">
          We buy plantation teak from certified sources, season it in our own yard, and use offcuts for small pieces and kindling for the
          neighbourhood bakery. Finishes are low in solvents, and packaging is reused on every delivery our own team makes.
        </p>
      </Section>
      <Section id="terms" title="Terms">
        <p className="mt-4 text-teak-900">
          Read our{' '}
          <Link to="/terms" className="text-teak-700 underline">
            Terms and Conditions
          </Link>{' '}
          and our{' '}
          <Link to="/shipping-delivery" className="text-teak-700 underline">
            Shipping and Delivery policy
          </Link>
          .
        </p>
      </Section>
      <Section id="contact" title="Contact">
        <p className="mt-4 text-teak-900">
          Write to{' '}
          <a href={`mailto:${SHOP.email}`} className="text-teak-700 underline">
            {SHOP.email}
          </a>
          , call{' '}
          <a href={`tel:${SHOP.phoneHref}`} className="text-teak-700 underline">
            {SHOP.phone}
          </a>
          , or{' '}
          <Link to="/contact" className="text-teak-700 underline">
            send us a message
          </Link>
          .
        </p>
      </Section>
    </div>
  );
}
