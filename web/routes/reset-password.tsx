import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '../../contract/accounts';
import { FormAlert, PasswordField } from '../components/ui/field';
import { AuthLayout } from '../features/accounts/auth-layout';
import { PasswordRules } from '../features/accounts/password-rules';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    path: '/reset-password',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

/**
 * Sets the new password with the link's token (the same service and shared limit as
 * POST /api/password-reset/confirm/), then sends the visitor to log in with the spec's notice.
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { reset }, { fallback: 'reset' });
}

async function reset({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, resetPasswordFormSchema);
  if (submission.status !== 'success') return invalid('reset', submission);
  try {
    await context.services.accountPageLimits.passwordResetConfirm(context.ip);
    await context.services.accounts.confirmPasswordReset(submission.value.token, submission.value.password);
  } catch (err) {
    return refusal('reset', err, { submission });
  }
  return redirect('/login?reset=done');
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/reset-password') === true;
  const [shown, setShown] = useState(false);
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const linkBroken = !token || Boolean(fields.token.errors?.length);
  const toggle = () => setShown((s) => !s);

  return (
    <AuthLayout title="Choose a new password" intro={linkBroken ? undefined : 'Pick a password you do not use anywhere else.'}>
      {linkBroken ? (
        <div className="space-y-5">
          <FormAlert message="This reset link is invalid or has expired. Ask for a new one." />
          <Link to="/forgot-password" className="btn-primary w-full py-3.5 text-base">
            Send me a new link
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-5" aria-label="Choose a new password">
          <FormAlert message={form.errors?.[0] ?? null} />
          <input type="hidden" name={fields.token.name} value={token} />
          <PasswordField
            label="New password"
            name={fields.password.name}
            autoComplete="new-password"
            errors={fields.password.errors}
            hint={<PasswordRules password={fields.password.value ?? ''} />}
            shown={shown}
            onToggle={toggle}
          />
          <PasswordField
            label="Re-enter new password"
            name={fields.password2.name}
            autoComplete="new-password"
            errors={fields.password2.errors}
            shown={shown}
            onToggle={toggle}
          />
          <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </Form>
      )}
    </AuthLayout>
  );
}
