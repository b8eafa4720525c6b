import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { signupFormSchema } from '../../contract/accounts';
import { Field, FieldErrors, FormAlert, PasswordField } from '../components/ui/field';
import { AuthLayout, OrDivider } from '../features/accounts/auth-layout';
import { GoogleButton } from '../features/accounts/google-button';
import { PasswordRules } from '../features/accounts/password-rules';
import { safeNext } from '../features/accounts/redirects';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/signup';

export async function loader({ context }: Route.LoaderArgs) {
  return { googleClientId: context.services.config.googleClientId };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Sign up',
    description: 'Create your Teakwood Studio account.',
    path: '/signup',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

/** The log-in page, keeping where the visitor was going. */
function loginPath(next: string | null, notice = false): string {
  const params = new URLSearchParams();
  if (notice) params.set('signup', 'done');
  if (next) params.set('next', next);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/**
 * Creates the account (the spec: success goes to /login, with the notice), with the same service and the same
 * shared limit as POST /api/user/register/. A taken e-mail is answered like a new one (decision 0015).
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { signup }, { fallback: 'signup' });
}

async function signup({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  const submission = checkForm(formData, signupFormSchema);
  if (submission.status !== 'success') return invalid('signup', submission);
  try {
    await context.services.accountPageLimits.signup(context.ip);
    const { username, email, password, password2 } = submission.value;
    await context.services.accounts.register({ username, email, password, password2 });
  } catch (err) {
    return refusal('signup', err, { submission });
  }
  return redirect(loginPath(next, true));
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/signup') === true;
  const [shown, setShown] = useState(false);
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const toggle = () => setShown((s) => !s);

  return (
    <AuthLayout
      title="Create your account"
      intro="Save your cart, check out faster and follow every order from our workshop to your home."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={loginPath(next)} className="font-semibold text-teak-700 underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <FormAlert message={form.errors?.[0] ?? null} />
      {loaderData.googleClientId ? (
        <>
          <div className="mt-4">
            <GoogleButton clientId={loaderData.googleClientId} mode="signup" action={loginPath(next)} disabled={busy} />
          </div>
          <OrDivider />
        </>
      ) : null}
      <Form
        method="post"
        action={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}
        {...getFormProps(form)}
        className="mt-4 space-y-5"
        aria-label="Sign up"
      >
        <Field
          label="Username"
          name={fields.username.name}
          defaultValue={fields.username.initialValue}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          errors={fields.username.errors}
        />
        <Field
          label="Email"
          name={fields.email.name}
          defaultValue={fields.email.initialValue}
          type="email"
          autoComplete="email"
          inputMode="email"
          errors={fields.email.errors}
        />
        <PasswordField
          label="Password"
          name={fields.password.name}
          autoComplete="new-password"
          errors={fields.password.errors}
          hint={<PasswordRules password={fields.password.value ?? ''} />}
          shown={shown}
          onToggle={toggle}
        />
        <PasswordField
          label="Re-enter password"
          name={fields.password2.name}
          autoComplete="new-password"
          errors={fields.password2.errors}
          shown={shown}
          onToggle={toggle}
        />
        <div>
          <label className="flex items-start gap-3 text-sm text-teak-900">
            <input
              type="checkbox"
              name={fields.policy.name}
              defaultChecked={fields.policy.initialValue === 'on'}
              aria-invalid={Boolean(fields.policy.errors?.length)}
              aria-describedby={fields.policy.errors?.length ? 'policy-error' : undefined}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-teak-300 accent-teak-600"
            />
            <span>
              I agree to the{' '}
              <Link to="/terms" className="font-semibold text-teak-700 underline underline-offset-4">
                Terms &amp; Conditions
              </Link>{' '}
              and the privacy policy of Teakwood Studio.
            </span>
          </label>
          <FieldErrors id="policy-error" errors={fields.policy.errors ?? []} />
        </div>
        <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
      </Form>
    </AuthLayout>
  );
}

/** The spec's sentence for a sign-up that failed without a detail of its own. */
const SIGNUP_FAILED = 'Signup failed. Try again.';

/**
 * A sign-up the shop could not complete (a failure of the shop, or the shop out of reach), as opposed to one it
 * refused with a reason, which the form shows under its fields: the spec's sentence and the way back to the form.
 */
export function ErrorBoundary() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  return (
    <AuthLayout
      title="Create your account"
      intro="Save your cart, check out faster and follow every order from our workshop to your home."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={loginPath(next)} className="font-semibold text-teak-700 underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <FormAlert message={SIGNUP_FAILED} />
      <a href={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'} className="btn-primary mt-6 w-full py-3.5 text-base">
        Try again
      </a>
    </AuthLayout>
  );
}
