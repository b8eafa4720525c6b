import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { forgotPasswordSchema } from '../../contract/accounts';
import { Field, FormAlert } from '../components/ui/field';
import { AuthLayout } from '../features/accounts/auth-layout';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, done, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Forgot your password',
    description: 'Get a link to choose a new password.',
    path: '/forgot-password',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

const SENT = 'If an account uses this e-mail, we have sent it a link to reset the password.';

/** E-mails a reset link when the address has an account, and says the same either way (like its API twin). */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { 'send-link': sendLink }, { fallback: 'send-link' });
}

async function sendLink({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, forgotPasswordSchema);
  if (submission.status !== 'success') return invalid('send-link', submission);
  try {
    await context.services.accountPageLimits.passwordReset(context.ip);
    await context.services.accounts.requestPasswordReset(submission.value.email);
  } catch (err) {
    return refusal('send-link', err, { submission });
  }
  return done('send-link', { message: SENT, submission, reset: true });
}

export default function ForgotPasswordPage() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/forgot-password';
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Tell us the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-teak-700 underline-offset-4 hover:underline">
            Back to login
          </Link>
        </p>
      }
    >
      {answer?.ok ? (
        <div className="space-y-4">
          <FormAlert message={answer.message} tone="success" />
          <p className="text-sm text-teak-800">
            The link works once, for one hour. Check your spam folder if it does not arrive within a few minutes.
          </p>
        </div>
      ) : (
        <Form method="post" action="/forgot-password" {...getFormProps(form)} className="space-y-5" aria-label="Reset password">
          <FormAlert message={form.errors?.[0] ?? null} />
          <Field
            label="Email"
            name={fields.email.name}
            defaultValue={fields.email.initialValue}
            type="email"
            autoComplete="email"
            inputMode="email"
            errors={fields.email.errors}
          />
          <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </Form>
      )}
    </AuthLayout>
  );
}
