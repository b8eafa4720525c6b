import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect } from 'react';
import { Link, useActionData, useFetcher, useLocation } from 'react-router';
import { feedbackFormSchema } from '../../contract/content';
import { siteImageUrl } from '../../contract/site-images';
import { Field, TextAreaField } from '../components/ui/field';
import { Picture } from '../components/ui/picture';
import { checkForm, dispatch, done, failed, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { SHOP } from '../lib/shop-info';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/info-page';

/** The same for every shopper with the same facts: kept and stitched for a shopper (server/stitch.ts). */
export const handle = { shell: true };

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

const SENT = 'Feedback sent successfully!';
const FAILED = 'Failed to send feedback. Try again later.';

/**
 * Feedback, with or without the page's scripts: a POST to /page, checked with the contract's schema and handed
 * to the same service as POST /api/feedback/, counted on that call's limit: past it, the sentence with the seconds
 * to wait, under the button.
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { feedback }, { fallback: 'feedback' });
}

async function feedback({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, feedbackFormSchema);
  if (submission.status !== 'success') return invalid('feedback', submission);
  try {
    await context.services.contentPageLimits.feedback(context.ip);
  } catch (err) {
    return refusal('feedback', err, { submission });
  }
  try {
    await context.services.content.feedback(submission.value);
  } catch (err) {
    context.log.error({ err }, 'feedback could not be stored');
    return failed('feedback', 503, FAILED, { submission });
  }
  return done('feedback', { message: SENT, submission, reset: true });
}

/** The feedback form; the spec's one line under the button: the first problem, or the thanks. */
function FeedbackForm() {
  // A fetcher: sending feedback keeps the visitor where they are on the page (no navigation, no scroll).
  const fetcher = useFetcher<typeof action>({ key: 'feedback' });
  // Without scripts the form is a plain post to the page, and its answer is the page's action data.
  const posted = useActionData<typeof action>();
  const answer = fetcher.data ?? posted;
  const sending = fetcher.state !== 'idle';
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: feedbackFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  const problem = fields.user_email.errors?.[0] ?? fields.user_message.errors?.[0] ?? form.errors?.[0] ?? null;
  // Both empty or one empty: the spec's one sentence, whichever field it is.
  const text = problem ?? (!sending && answer?.ok ? (answer.message ?? '') : '');

  return (
    <fetcher.Form method="post" action="/page#feedback" {...getFormProps(form)} className="mt-6 grid max-w-xl gap-4" aria-label="Feedback">
      <Field
        key={fields.user_email.key}
        label="Your e-mail"
        name={fields.user_email.name}
        type="email"
        autoComplete="email"
        defaultValue={fields.user_email.initialValue}
        errors={[]}
        aria-invalid={Boolean(fields.user_email.errors?.length)}
      />
      <TextAreaField
        key={fields.user_message.key}
        label="Your feedback"
        name={fields.user_message.name}
        rows={4}
        defaultValue={fields.user_message.initialValue}
        errors={[]}
        aria-invalid={Boolean(fields.user_message.errors?.length)}
      />
      <div>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send feedback'}
        </button>
        <p role="status" className={`mt-3 text-sm ${problem ? 'text-red-800' : 'text-leaf'}`}>
          {text}
        </p>
      </div>
    </fetcher.Form>
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
