import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ControlField } from './field';

/** The kinds of picture the shop's image checks take (server/lib/images.ts reads their bytes). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

interface Chosen {
  file: File;
  url: string;
}

/**
 * A form's photos (a quote request's references, a review's pictures): a file input that keeps what was chosen
 * across several picks, draws each photo as a thumbnail with its own remove button, and says the limit before it
 * is reached ("2 of 5 photos chosen"; at the limit: "remove one to add another"). Photos picked past the
 * limit are left out with a sentence (the input stays enabled: a disabled one would not send its files). The input itself carries the kept files (set through
 * DataTransfer), so the form posts them as any file input does; without scripts it is a plain multiple input,
 * and the server holds the same limit.
 */
export function PhotoPicker({
  label,
  name = 'photos',
  max,
  errors,
  hint,
  className,
}: {
  label: string;
  name?: string;
  max: number;
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [leftOut, setLeftOut] = useState(0);
  const urls = useRef<string[]>([]);
  urls.current = chosen.map((c) => c.url);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  /** Puts the kept files back on the input, so the form sends exactly them. */
  function keep(next: Chosen[]) {
    const transfer = new DataTransfer();
    for (const c of next) transfer.items.add(c.file);
    if (input.current) input.current.files = transfer.files;
    setChosen(next);
  }

  function picked() {
    const files = [...(input.current?.files ?? [])];
    // The input's files are this pick alone: add them to the ones kept, up to the limit.
    const room = max - chosen.length;
    const added = files.slice(0, Math.max(0, room)).map((file) => ({ file, url: URL.createObjectURL(file) }));
    setLeftOut(Math.max(0, files.length - added.length));
    keep([...chosen, ...added]);
  }

  function remove(at: number) {
    const gone = chosen[at];
    if (gone) URL.revokeObjectURL(gone.url);
    setLeftOut(0);
    keep(chosen.filter((_, i) => i !== at));
  }

  const full = chosen.length >= max;
  const count = chosen.length === 0 ? `Up to ${max} photos.` : `${chosen.length} of ${max} photos chosen.`;
  return (
    <ControlField label={label} errors={errors} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <div>
          <input
            ref={input}
            id={id}
            type="file"
            name={name}
            multiple
            accept={PHOTO_TYPES}
            aria-describedby={[describedBy, `${id}-count`].filter(Boolean).join(' ')}
            aria-invalid={invalid}
            onChange={picked}
            className="block w-full text-sm text-teak-900 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-teak-100 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-teak-900 hover:file:bg-teak-200"
          />
          <p id={`${id}-count`} className="mt-2 text-sm text-teak-800" aria-live="polite">
            {full ? `${max} of ${max} photos chosen: remove one to add another.` : count}
            {leftOut > 0 ? ` ${leftOut === 1 ? 'One photo was' : `${leftOut} photos were`} left out: at most ${max} can be sent.` : ''}
          </p>
          {chosen.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-3" aria-label="Chosen photos">
              {chosen.map((c, i) => (
                <li key={c.url} className="relative">
                  <img src={c.url} alt={`Photo ${i + 1}: ${c.file.name}`} className="h-24 w-24 rounded-xl object-cover ring-1 ring-teak-200" />
                  <button
                    type="button"
                    onClick={() => remove(i)}
                    aria-label={`Remove photo ${i + 1} (${c.file.name})`}
                    className="absolute -top-2 -right-2 flex h-11 w-11 items-center justify-center rounded-full bg-white text-lg leading-none font-semibold text-teak-900 shadow ring-1 ring-teak-300 hover:bg-teak-50"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </ControlField>
  );
}
