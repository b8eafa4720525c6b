import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { changePasswordFormSchema } from '../../../../contract/accounts';
import { Button } from '../../../components/ui/button';
import { FormAlert, PasswordField } from '../../../components/ui/field';
import { PasswordRules } from '../password-rules';
import { answerTo, type Answer } from '../../../lib/answer';
import { Card } from './profile-parts';

/** "Change password": the profile's action (intent "password"); this browser stays signed in, every other one is logged out. */
export function PasswordCard() {
  const fetcher = useFetcher<Answer>({ key: 'profile-password' });
  const busy = fetcher.state !== 'idle';
  const [shown, setShown] = useState(false);
  const posted = answerTo(useActionData<Answer>(), 'password');
  const answer = fetcher.data ?? posted;
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const toggle = () => setShown((s) => !s);

  return (
    <Card id="password-title" title="Change password">
      <fetcher.Form method="post" action="/profile" {...getFormProps(form)} aria-label="Change password" className="grid gap-5 sm:grid-cols-2">
        <input type="hidden" name="intent" value="password" />
        <div className="sm:col-span-2 empty:hidden">
          <FormAlert message={form.errors?.[0] ?? null} />
        </div>
        <PasswordField
          key={fields.old_password.key}
          label="Current password"
          name={fields.old_password.name}
          autoComplete="current-password"
          errors={fields.old_password.errors}
          shown={shown}
          onToggle={toggle}
          className="sm:col-span-2"
        />
        <PasswordField
          key={fields.new_password.key}
          label="New password"
          name={fields.new_password.name}
          autoComplete="new-password"
          errors={fields.new_password.errors}
          hint={<PasswordRules password={fields.new_password.value ?? ''} />}
          shown={shown}
          onToggle={toggle}
        />
        <PasswordField
          key={fields.new_password2.key}
          label="Re-enter new password"
          name={fields.new_password2.name}
          autoComplete="new-password"
          errors={fields.new_password2.errors}
          shown={shown}
          onToggle={toggle}
        />
        <div className="sm:col-span-2">
          <Button type="submit" pending={busy} pendingLabel="Changing…">
            Change password
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
