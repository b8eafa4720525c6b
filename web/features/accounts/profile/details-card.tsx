import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useRef, useState } from 'react';
import { Link, useActionData, useFetcher, useSearchParams } from 'react-router';
import { profileFormSchema, type Profile } from '../../../../contract/accounts';
import { Button } from '../../../components/ui/button';
import { Field, FieldErrors, PasswordField, SelectField } from '../../../components/ui/field';
import { GoogleButton } from '../google-button';
import { answerTo, type Answer } from '../../../lib/answer';
import { Card } from './profile-parts';

type TextName = 'first_name' | 'last_name' | 'email' | 'phone_number' | 'dob' | 'address' | 'city' | 'zip_code';
const TEXT_FIELDS: { name: TextName; label: string; type?: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'numeric'; wide?: boolean }[] =
  [
    { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
    { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
    { name: 'phone_number', label: 'Phone number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
    { name: 'dob', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
    { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'zip_code', label: 'PIN code', autoComplete: 'postal-code', inputMode: 'numeric' },
  ];
const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

function longDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function shown(name: TextName | 'gender', profile: Profile): string {
  if (name === 'gender') return GENDERS.find((g) => g.value === profile.gender)?.label ?? '';
  if (name === 'dob') return profile.dob ? longDate(profile.dob) : '';
  return profile[name];
}

/** The personal details: read, or edited and then saved (the profile's action, intent "details") or discarded. */
export function DetailsCard({ profile, googleClientId }: { profile: Profile; googleClientId: string | null }) {
  const fetcher = useFetcher<Answer>({ key: 'profile-details' });
  // Without scripts: "Edit profile" is a link to ?edit=details, and the form is a plain post whose answer is the page's.
  const [params] = useSearchParams();
  const posted = answerTo(useActionData<Answer>(), 'details');
  const [editing, setEditing] = useState(() => params.get('edit') === 'details' || Boolean(posted && !posted.ok));
  // The answer there was when the form was opened: an earlier visit's errors are not shown again.
  const [openedAfter, setOpenedAfter] = useState(fetcher.data);
  // A saved answer closes the form (state adjusted while rendering, when a new answer arrives).
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setEditing(false);
  }

  if (!editing) {
    return (
      <Card
        id="details-title"
        title="Personal details"
        action={
          <Link
            to="/profile?edit=details"
            className="btn-primary"
            onClick={(event) => {
              event.preventDefault();
              setOpenedAfter(fetcher.data);
              setEditing(true);
            }}
          >
            Edit profile
          </Link>
        }
      >
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold tracking-wider text-teak-600 uppercase">Username</dt>
            <dd className="mt-1 text-teak-900">{profile.username}</dd>
          </div>
          {[...TEXT_FIELDS.slice(0, 4), { name: 'gender' as const, label: 'Gender', wide: false }, ...TEXT_FIELDS.slice(4)].map((f) => (
            <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
              <dt className="text-xs font-semibold tracking-wider text-teak-600 uppercase">{f.label}</dt>
              <dd className="mt-1 break-words text-teak-900">{shown(f.name, profile) || <span className="text-teak-400">Not added yet</span>}</dd>
            </div>
          ))}
        </dl>
      </Card>
    );
  }
  const latest = fetcher.data ?? posted;
  const answer = latest !== openedAfter && !latest?.ok ? latest : undefined;
  return <DetailsForm profile={profile} googleClientId={googleClientId} answer={answer} onDiscard={() => setEditing(false)} />;
}

function DetailsForm({
  profile,
  googleClientId,
  answer,
  onDiscard,
}: {
  profile: Profile;
  googleClientId: string | null;
  answer: Answer | undefined;
  onDiscard: () => void;
}) {
  const fetcher = useFetcher<Answer>({ key: 'profile-details' });
  const saving = fetcher.state !== 'idle';
  const formRef = useRef<HTMLFormElement>(null);
  const schema = profileFormSchema(profile);
  const [form, fields] = useForm({
    lastResult: answer?.result,
    defaultValue: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      gender: profile.gender ?? '',
      dob: profile.dob ?? '',
      phone_number: profile.phone_number,
      address: profile.address,
      city: profile.city,
      zip_code: profile.zip_code,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  // A new e-mail address needs proof that the owner is asking: an open session alone must not hand the account over.
  const emailChanges = (fields.email.value ?? '').trim().toLowerCase() !== profile.email.toLowerCase();

  /** For a Google-only account: the details with a fresh Google sign-in as the proof. */
  async function saveWithGoogle(accessToken: string) {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set('google_access_token', accessToken);
    await fetcher.submit(data, { method: 'post', action: '/profile' });
  }

  const textField = (f: (typeof TEXT_FIELDS)[number], autoFocus = false) => (
    <Field
      key={`${f.name}:${fields[f.name].key ?? ''}`}
      label={f.label}
      name={fields[f.name].name}
      type={f.type ?? 'text'}
      autoComplete={f.autoComplete}
      inputMode={f.inputMode}
      defaultValue={fields[f.name].initialValue}
      max={f.name === 'dob' ? new Date().toISOString().slice(0, 10) : undefined}
      errors={fields[f.name].errors}
      className={f.wide ? 'sm:col-span-2' : undefined}
      // The form has just been opened by the shopper's own click: typing starts in its first field.
      autoFocus={autoFocus}
    />
  );

  return (
    <Card id="details-title" title="Personal details">
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/profile"
        {...getFormProps(form)}
        aria-label="Personal details"
        className="grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="details" />
        {TEXT_FIELDS.slice(0, 4).map((f, i) => textField(f, i === 0))}
        {emailChanges && !profile.has_password ? (
          <div className="sm:col-span-2">
            <p className="text-sm text-teak-700">You sign in with Google: confirm with Google to save a new e-mail address.</p>
            {googleClientId ? (
              <div className="mt-2 max-w-sm">
                <GoogleButton clientId={googleClientId} mode="confirm" onAccessToken={saveWithGoogle} disabled={saving} />
              </div>
            ) : null}
            <FieldErrors id="google-proof-error" errors={fields.google_id_token.errors ?? []} />
          </div>
        ) : null}
        {emailChanges && profile.has_password ? (
          <PasswordField
            label="Current password"
            name={fields.current_password.name}
            autoComplete="current-password"
            errors={fields.current_password.errors}
            hint={<span className="text-sm text-teak-600">A new e-mail address needs your current password.</span>}
            className="sm:col-span-2"
          />
        ) : null}
        <SelectField
          key={fields.gender.key}
          label="Gender"
          name={fields.gender.name}
          defaultValue={fields.gender.initialValue}
          errors={fields.gender.errors}
          options={[{ value: '', label: 'Prefer not to say' }, ...GENDERS]}
        />
        {TEXT_FIELDS.slice(4).map((f) => textField(f))}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" className="min-w-32" pending={saving} pendingLabel="Saving…">
            Save
          </Button>
          <Link
            to="/profile"
            className="btn-secondary"
            aria-disabled={saving}
            onClick={(event) => {
              event.preventDefault();
              if (!saving) onDiscard();
            }}
          >
            Discard
          </Link>
        </div>
      </fetcher.Form>
    </Card>
  );
}
