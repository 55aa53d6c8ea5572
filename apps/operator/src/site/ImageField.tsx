import type { SiteImageKind } from '@backlay/contract';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faUpload } from '@fortawesome/free-solid-svg-icons';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toApiError } from '@/api/errors';
import { ACCEPT_ATTRIBUTE, imageRefusal, uploadSiteImage } from './image-upload';
import { previewImage, type SiteFormValues } from './site-form';

export type ImagePath = 'mainLogo' | 'favicon' | `sliderImages.${number}.imageUrl`;

interface Problem {
  text: string;
  code?: string;
}

/**
 * An image setting: its address, typed or filled by an upload. A file that is not a PNG, JPEG or
 * WebP of at most 5 MB is refused here, before any request; the server judges the bytes of the rest
 * and its refusal (IMAGE_INVALID, IMAGE_TOO_LARGE) is shown beside the field as it said it.
 */
export function ImageField(props: {
  name: ImagePath;
  kind: SiteImageKind;
  label: string;
  uploadLabel: string;
  hint: string;
}) {
  const { name, kind, label, uploadLabel, hint } = props;
  const { register, setValue, getFieldState, formState, control } = useFormContext<SiteFormValues>();
  const value = useWatch({ control, name });
  const error = getFieldState(name, formState).error;
  const id = useId();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  // Saved or discarded: what was said of an earlier upload no longer holds.
  const { isDirty } = formState;
  useEffect(() => {
    if (isDirty) return;
    setProblem(null);
    setUploaded(null);
  }, [isDirty]);

  const upload = useMutation({
    mutationFn: (file: File) => uploadSiteImage(kind, file),
    onMutate: () => {
      setProblem(null);
      setUploaded(null);
    },
    onSuccess: (url, file) => {
      setValue(name, url, { shouldDirty: true, shouldValidate: true });
      setUploaded(`Uploaded “${file.name}”: save the settings to use it.`);
    },
    onError: (thrown, file) => {
      const e = toApiError(thrown);
      setProblem({ text: `The server refused “${file.name}”: ${e.message}`, code: e.code });
    },
  });

  const onFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared, so choosing the same file again is a new choice.
    input.value = '';
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      setUploaded(null);
      setProblem({ text: refusal });
      return;
    }
    upload.mutate(file);
  };

  const thumbnail = previewImage(typeof value === 'string' ? value : null);
  return (
    <div className="field site-image">
      <label htmlFor={`${id}-address`}>{label}</label>
      <div className="site-image__row">
        <span className="site-image__thumb" aria-hidden="true">
          {thumbnail ? <img src={thumbnail} alt="" /> : null}
        </span>
        <input
          id={`${id}-address`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={2048}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          {...register(name)}
        />
        <label className={`btn btn--small site-upload${upload.isPending ? ' is-busy' : ''}`}>
          <input
            type="file"
            className="visually-hidden"
            accept={ACCEPT_ATTRIBUTE}
            disabled={upload.isPending}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onFile(e.currentTarget)}
          />
          <FontAwesomeIcon icon={faUpload} aria-hidden="true" />
          {uploadLabel}
        </label>
      </div>
      <span id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
        {error?.message ?? hint}
      </span>
      {upload.isPending && (
        <span className="field__hint" role="status">
          Uploading…
        </span>
      )}
      {uploaded && !upload.isPending && (
        <span className="field__hint" role="status">
          {uploaded}
        </span>
      )}
      {problem && (
        <p className="notice notice--error site-image__problem" role="alert">
          {problem.text} {problem.code && <span className="code">({problem.code})</span>}
        </p>
      )}
    </div>
  );
}
