import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { z } from 'zod';
import { videoFormSchema, youtubeId, type HomeBanner } from '../../../contract/content';
import { imageRequired } from './crud';
import { useAnswerToast, useUploadForm } from './forms';
import type { Answer } from '../../lib/answer';
import { FormAlert, ImagePicker, Panel, TextField, UploadProgress, dangerButton, dateTime, primaryButton } from './ui';

const bannerSchema = z.object({ image: imageRequired('Please choose an image to upload.') });

/** A delete button posting `intent=delete` to the page's action; the answer is announced. */
function DeleteButton({ label }: { label: string }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className={dangerButton} disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Deleting…' : label}
      </button>
    </fetcher.Form>
  );
}

export function HomeBannerSection({ banner }: { banner: HomeBanner | null }) {
  // A new key empties the file input after an upload.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Home banner">
        {banner ? (
          <figure>
            <img src={banner.image} alt="Current home banner" className="aspect-[21/9] w-full rounded-xl object-cover ring-1 ring-teak-200" />
            <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm text-teak-800">
              <span>Uploaded {dateTime(banner.uploaded_at)}</span>
              <DeleteButton label="Delete banner" />
            </figcaption>
          </figure>
        ) : (
          <p className="text-sm text-teak-700">No banner available</p>
        )}
      </Panel>
      <Panel title="Replace the home banner">
        <BannerForm key={formKey} onDone={() => setFormKey((k) => k + 1)} />
      </Panel>
    </div>
  );
}

function BannerForm({ onDone }: { onDone: () => void }) {
  const { form, errorsOf, progress, busy } = useUploadForm({
    schema: bannerSchema,
    path: '/api/homebanner/',
    method: 'POST',
    success: 'Home banner updated successfully',
    onSaved: onDone,
  });
  return (
    <form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4" aria-label="Upload home banner">
      <ImagePicker label="Banner image" name="image" errors={errorsOf('image')} required />
      <UploadProgress fraction={progress} />
      <FormAlert messages={form.errors} />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Uploading…' : 'Upload banner'}
        </button>
      </div>
    </form>
  );
}

type Video = { id: number; youtube_url: string; uploaded_at: string } | { youtube_url: null };

export function VideoSection({ video, answer }: { video: Video; answer: Answer | undefined }) {
  const current = video.youtube_url;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  useAnswerToast(answer);
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: videoFormSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Panel title="Featured YouTube video">
        {current ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="text-sm text-teak-700">Now on the home page</p>
              <a
                href={current}
                target="_blank"
                rel="noopener noreferrer"
                className="block font-semibold break-all text-teak-800 underline underline-offset-4"
                data-testid="current-video"
              >
                {current}
              </a>
              <p className="text-xs text-teak-700">Video id {youtubeId(current) ?? '—'}</p>
            </div>
            <DeleteButton label="Delete video" />
          </div>
        ) : (
          <p className="text-sm text-teak-700">No video available</p>
        )}
      </Panel>
      <Panel title="Set the video">
        <Form method="post" {...getFormProps(form)} className="grid gap-4" aria-label="Set the featured video">
          <input type="hidden" name="intent" value="save" />
          <TextField
            label="YouTube URL"
            name={fields.youtube_url.name}
            key={fields.youtube_url.key}
            defaultValue={fields.youtube_url.initialValue}
            errors={fields.youtube_url.errors}
            hint="Paste any YouTube link (watch, share, Shorts or embed). The new video replaces the current one."
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
          />
          <FormAlert messages={form.errors} />
          <div>
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Saving…' : 'Save video'}
            </button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}
