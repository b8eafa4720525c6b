import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, useActionData, useNavigation } from 'react-router';
import { contactSchema } from '../../contract/content';
import { siteImageUrl } from '../../contract/site-images';
import { Field, TextAreaField } from '../components/ui/field';
import { Picture } from '../components/ui/picture';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, done, failed, invalid, refusal, type IntentArgs } from '../lib/form.server';
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
const NOT_SENT = 'Your message could not be sent just now. Please try again in a moment.';

/**
 * The contact form, with or without the page's scripts: a POST to /contact, checked with the contract's
 * schema and handed to the same service as POST /api/contact/, counted on that call's limit: past it, the sentence
 * with the seconds to wait, on the page.
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { contact }, { fallback: 'contact' });
}

async function contact({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, contactSchema);
  if (submission.status !== 'success') return invalid('contact', submission);
  try {
    await context.services.contentPageLimits.contact(context.ip);
  } catch (err) {
    return refusal('contact', err, { submission });
  }
  try {
    await context.services.content.contact(submission.value);
  } catch (err) {
    context.log.error({ err }, 'a contact message could not be stored');
    return failed('contact', 503, NOT_SENT, { submission });
  }
  // The spec: on success the form resets.
  return done('contact', { message: SENT, submission, reset: true });
}

export default function ContactPage() {
  const social = useSocialLinks();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formAction === '/contact';
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const sent = !sending && answer?.ok ? answer.message : null;
  const problem = form.errors?.[0] ?? null;

  return (
    <div className="container-page grid gap-12 py-12 lg:grid-cols-[1.3fr_1fr]">
      <section aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-4xl text-teak-900 sm:text-5xl">
          JUST SAY HI!
        </h1>
        <p className="mt-3 text-teak-800">Tell us about yourself and your need. We&apos;ll contact you soon.</p>
        <Form method="post" action="/contact" {...getFormProps(form)} className="mt-8 grid gap-5 sm:grid-cols-2" aria-label="Contact us">
          {FIELDS.map((f) => (
            <Field
              key={`${f.name}:${fields[f.name].key ?? ''}`}
              label={f.label}
              name={fields[f.name].name}
              type={f.type}
              autoComplete={f.autoComplete}
              maxLength={f.maxLength}
              defaultValue={fields[f.name].initialValue}
              errors={fields[f.name].errors}
            />
          ))}
          <TextAreaField
            key={fields.description.key}
            label="How can we help?"
            name={fields.description.name}
            rows={5}
            maxLength={5000}
            defaultValue={fields.description.initialValue}
            errors={fields.description.errors}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={sending}>
              {sending ? 'SENDING…' : 'SUBMIT'}
            </button>
            <p role="status" className={`mt-4 text-sm ${problem ? 'text-red-800' : 'text-leaf'}`}>
              {problem ?? sent ?? ''}
            </p>
          </div>
        </Form>
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
