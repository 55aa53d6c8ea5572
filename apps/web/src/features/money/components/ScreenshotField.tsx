import { useId, useState } from 'react';
import { faTrash, faUpload } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '@/shared/ui/Icon';
import { FieldError, Spinner } from '@/shared/ui/feedback';
import { notify } from '@/shared/ui/toast';
import type { OcrField } from '@backlay/contract';
import { readPaymentSlip } from '../api/read-payment-slip';
import { useStoreImage } from '../api/store-image';
import { t } from '../i18n';
import { readAsDataUrl, screenshotProblem } from '../lib/image';
import { responsibleGamingRefusal } from '@/shared/http/errors';

export interface StoredScreenshot {
  imageId: number;
  /** The data URL read from the player's own file: the preview needs no call. */
  preview: string;
  name: string;
  file: File;
}

/**
 * The payment screenshot: chosen, checked (type, 5 MB), sent to Setting/StoreImage as a data URL,
 * then shown as a preview with a way to take it back.
 */
export function ScreenshotField({
  value,
  onChange,
  onRead,
  onRefused,
  error,
}: {
  value: StoredScreenshot | null;
  onChange: (shot: StoredScreenshot | null) => void;
  /** What the server's OCR read from the screenshot (it only pre-fills; the player confirms). */
  onRead?: (fields: OcrField[]) => void;
  /** A deposit refused for responsible gaming already at the upload: the page says it by the amount. */
  onRefused?: (message: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  const upload = useStoreImage();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const wrong = screenshotProblem(file);
    setProblem(wrong);
    if (wrong) return;
    try {
      const dataUrl = await readAsDataUrl(file);
      // The OCR reads the slip while it is stored; a failure there only means no pre-fill.
      if (onRead) {
        readPaymentSlip(dataUrl).then(
          (read) => onRead(read.data),
          () => undefined,
        );
      }
      const stored = await upload.mutateAsync(dataUrl);
      onChange({ imageId: stored.imageId, preview: dataUrl, name: file.name, file });
    } catch (e) {
      const refused = responsibleGamingRefusal(e);
      if (refused && onRefused) {
        onRefused(refused);
        return;
      }
      const message = e instanceof Error ? e.message : String(e);
      setProblem(message);
      notify.error(message);
    }
  };

  return (
    <div className="form-field">
      <span className="field-label" id={`${id}-label`}>
        {t('money.screenshot.label')}
      </span>
      {value ? (
        <div className="shot">
          <img src={value.preview} alt={t('money.screenshot.alt')} className="shot__img" />
          <div className="shot__meta">
            <span className="shot__name">{value.name}</span>
            <span className="badge badge--ok">{t('money.screenshot.uploaded')}</span>
            <button type="button" className="link-button" onClick={() => onChange(null)}>
              <Icon icon={faTrash} /> {t('money.screenshot.remove')}
            </button>
          </div>
        </div>
      ) : (
        <label className={`shot-drop ${upload.isPending ? 'shot-drop--busy' : ''}`} htmlFor={`${id}-file`}>
          {upload.isPending ? <Spinner label={t('money.screenshot.uploading')} /> : <Icon icon={faUpload} />}
          <span>{upload.isPending ? t('money.screenshot.uploadingNow') : t('money.screenshot.choose')}</span>
          <span className="hint">{t('money.screenshot.types')}</span>
        </label>
      )}
      <input
        id={`${id}-file`}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="visually-hidden"
        aria-labelledby={`${id}-label`}
        disabled={upload.isPending}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <FieldError id={`${id}-error`} message={problem ?? error} />
    </div>
  );
}
