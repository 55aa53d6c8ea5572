import { SiteSettingsFieldsSchema, type SiteSettings } from '@backlay/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { formatDateTime } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import {
  placeServerErrors,
  SaveBar,
  SaveRefusal,
  useStoredSettings,
  useWarnBeforeLeaving,
} from './form-helpers';
import { ImageField } from './ImageField';
import { PUBLIC_SETTINGS_KEY, SITE_SETTINGS_KEY } from './keys';
import {
  emptyAsNull,
  FIELD_LABELS,
  isOfferedTheme,
  THEMES,
  type SiteField,
  type SiteFormOutput,
  type SiteFormValues,
} from './site-form';
import { SitePreview } from './SitePreview';
import { SliderFields } from './SliderFields';
import { StaleNotice } from './StaleNotice';
import { SuspendSwitch } from './SuspendSwitch';
import { showNewerIfStale } from './stale-save';

export const SAVED_MESSAGE = 'Saved. Players see it on their next page load.';

const readSettings = ({ signal }: { signal: AbortSignal }) => call('adminSiteSettings', { signal });

/** The site's settings: read once, then the form owns them until it saves or reloads. */
export function SiteSettingsPanel() {
  // A newer save by someone else is caught when this one saves (409 SETTINGS_STALE).
  const query = useStoredSettings(SITE_SETTINGS_KEY, readSettings);
  if (query.isPending) return <p className="muted pad">Loading the site&apos;s settings…</p>;
  if (query.isError) return <Problem error={query.error} what="see or change the site's settings" />;
  return <SiteSettingsForm initial={query.data} />;
}

function Toggle({ name, hint }: { name: SiteField; hint?: string }) {
  const { register } = useFormContext<SiteFormValues>();
  const id = useId();
  return (
    <div className="site-toggle">
      <label className="site-switch">
        <input type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...register(name)} />
        <span>{FIELD_LABELS[name]}</span>
      </label>
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

type TextName = 'domainTitle' | 'description' | 'newsText' | 'supportWhatsApp' | 'baseUrl';

function TextField(props: {
  name: TextName;
  hint: string;
  maxLength: number;
  rows?: number;
  /** Empty means none (null), as the contract has it. */
  optional?: boolean;
  inputMode?: 'url' | 'tel' | 'text';
}) {
  const { name, hint, maxLength, rows, optional = false, inputMode = 'text' } = props;
  const {
    register,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  const id = useId();
  const error = errors[name];
  const common = {
    id,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-hint`,
    ...register(name, optional ? { setValueAs: emptyAsNull } : {}),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{FIELD_LABELS[name]}</label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type="text" inputMode={inputMode} autoComplete="off" spellCheck={false} {...common} />
      )}
      <span id={`${id}-hint`} className={error ? 'field__error' : 'field__hint'}>
        {error?.message ?? hint}
      </span>
    </div>
  );
}

function ThemeChoice({ stored }: { stored: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  // A stored theme the players' client draws as Light (the seed's 'dark', a #rrggbb colour) stays
  // choosable, so opening and saving the form never changes it behind the owner's back.
  const extra = isOfferedTheme(stored) ? null : stored;
  return (
    <fieldset className="site-section" aria-describedby="site-theme-hint">
      <legend>Theme</legend>
      <div className="site-themes">
        {THEMES.map((t) => (
          <label key={t.value} className={`site-theme site-theme--${t.value}`}>
            <input type="radio" value={t.value} {...register('bodyBgColor')} />
            <span className="site-theme__swatch" aria-hidden="true" />
            {t.label}
          </label>
        ))}
        {extra != null && (
          <label className="site-theme site-theme--light">
            <input type="radio" value={extra} {...register('bodyBgColor')} />
            <span className="site-theme__swatch" aria-hidden="true" />
            Keep “{extra}” (players see Light)
          </label>
        )}
      </div>
      <span id="site-theme-hint" className={errors.bodyBgColor ? 'field__error' : 'field__hint'}>
        {errors.bodyBgColor?.message ??
          "The colours of the players' header and sport tabs. Some hosts are always blue or yellow, whatever is chosen here."}
      </span>
    </fieldset>
  );
}

/** The preview, following every keystroke without re-rendering the form around it. */
function LivePreview() {
  const { control } = useFormContext<SiteFormValues>();
  const values = useWatch({ control }) as SiteFormValues;
  return <SitePreview values={values} />;
}

function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const queryClient = useQueryClient();
  // What the form was filled from: a save names this version, and a stale one is refused.
  const [base, setBase] = useState({ version: initial.version, updatedAt: initial.updatedAt });
  const [storedSuspended, setStoredSuspended] = useState(initial.settings.siteSuspended);
  const [stale, setStale] = useState<SiteSettings | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const form = useForm<SiteFormValues, unknown, SiteFormOutput>({
    resolver: zodResolver(SiteSettingsFieldsSchema),
    defaultValues: initial.settings,
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, errors },
  } = form;
  useWarnBeforeLeaving(isDirty);

  const fillFrom = (saved: SiteSettings) => {
    reset(saved.settings);
    setBase({ version: saved.version, updatedAt: saved.updatedAt });
    setStoredSuspended(saved.settings.siteSuspended);
  };

  const save = useMutation({
    mutationFn: (input: { settings: SiteFormOutput; version: number }) =>
      call('adminSaveSiteSettings', { body: input }),
    onMutate: () => {
      setRefusal(null);
      setNote(null);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData([SITE_SETTINGS_KEY], saved);
      // The console's header shows the site's title from the public settings.
      void queryClient.invalidateQueries({ queryKey: [PUBLIC_SETTINGS_KEY] });
      fillFrom(saved);
      setStale(null);
      toast.success(SAVED_MESSAGE);
    },
    onError: async (thrown) => {
      const error = toApiError(thrown);
      const stale = await showNewerIfStale(error, {
        warning: 'Not saved: someone saved newer settings.',
        readAgain: () =>
          queryClient.fetchQuery({ queryKey: [SITE_SETTINGS_KEY], queryFn: readSettings, staleTime: 0 }),
        show: setStale,
        refuse: setRefusal,
      });
      if (stale) return;
      placeServerErrors(error, setError, (path) => path in FIELD_LABELS, 'settings.');
      setRefusal(error);
      toast.error(`Not saved: ${error.message}`);
    },
  });

  const onReload = () => {
    if (!stale) return;
    fillFrom(stale);
    setNote(
      `Loaded version ${stale.version}, saved at ${formatDateTime(stale.updatedAt)}. Make your changes again and save.`,
    );
    setStale(null);
  };

  const errorCount = Object.keys(errors).length;
  return (
    <FormProvider {...form}>
      <div className="site-split">
        <form
          className="site-form"
          noValidate
          aria-label="Site settings"
          onSubmit={handleSubmit((settings) => save.mutate({ settings, version: base.version }))}
        >
          {storedSuspended && (
            <p className="notice notice--warn" role="status">
              This site is suspended: players see the maintenance page. Switch “Site suspended” off and save
              to reopen it.
            </p>
          )}
          {stale && <StaleNotice yourVersion={base.version} theirs={stale} onReload={onReload} />}
          {note && (
            <p className="notice notice--info" role="status">
              {note}
            </p>
          )}

          <fieldset className="site-section">
            <legend>Identity</legend>
            <TextField
              name="domainTitle"
              maxLength={80}
              hint="The browser tab's title; beside the logo when there is none."
            />
            <TextField
              name="description"
              maxLength={300}
              rows={2}
              hint="Search engines and link previews show it (the page's description)."
            />
            <ImageField
              name="mainLogo"
              kind="logo"
              label={FIELD_LABELS.mainLogo}
              uploadLabel="Upload a logo"
              hint="The header's logo: an https:// address or a path on this site. PNG, JPEG or WebP, at most 5 MB."
            />
            <ImageField
              name="favicon"
              kind="favicon"
              label={FIELD_LABELS.favicon}
              uploadLabel="Upload a favicon"
              hint="The browser tab's icon: a small square PNG, JPEG or WebP."
            />
          </fieldset>

          <ThemeChoice stored={initial.settings.bodyBgColor} />

          <fieldset className="site-section">
            <legend>News</legend>
            <Toggle name="showNews" hint="A line of news scrolling under the sport tabs." />
            <TextField name="newsText" maxLength={500} rows={2} hint="At most 500 characters." />
          </fieldset>

          <fieldset className="site-section">
            <legend>Slider</legend>
            <Toggle name="showSlider" hint="The images at the top of In-Play, changing every 5 seconds." />
            <SliderFields />
          </fieldset>

          <fieldset className="site-section">
            <legend>Features</legend>
            <Toggle name="allowSignUp" hint="Off: only existing players sign in." />
            <Toggle
              name="skipVerification"
              hint="On: new players are not asked for the code sent to their mobile."
            />
            <Toggle name="showDepositW" hint="The Deposit and Withdrawal pages of the player's menu." />
            <Toggle name="showDWRequests" hint="The list of the player's deposit and withdrawal requests." />
            <Toggle
              name="casino"
              hint="The whole casino; single providers are switched under Casino providers."
            />
          </fieldset>

          <fieldset className="site-section" aria-describedby="site-sports-hint">
            <legend>Sports</legend>
            <div className="site-sports">
              <Toggle name="cricket" />
              <Toggle name="football" />
              <Toggle name="tennis" />
              <Toggle name="horseRacing" />
              <Toggle name="kabaddi" />
            </div>
            <span id="site-sports-hint" className="field__hint">
              A sport with events on offer shows anyway; these decide the others. Signed-in players&apos; own
              settings decide football, tennis and cricket for them.
            </span>
          </fieldset>

          <fieldset className="site-section">
            <legend>Support and API</legend>
            <TextField
              name="supportWhatsApp"
              maxLength={16}
              optional
              inputMode="tel"
              hint="10 to 15 digits, + first if international; empty: no WhatsApp support link."
            />
            <TextField
              name="baseUrl"
              maxLength={2048}
              optional
              inputMode="url"
              hint="Where players' clients send their calls: an https:// address. Empty: this site itself (usual)."
            />
          </fieldset>

          <fieldset className="site-section site-section--danger">
            <legend>Site status</legend>
            <SuspendSwitch storedSuspended={storedSuspended} />
          </fieldset>

          {refusal && <SaveRefusal error={refusal} what="change the site's settings" />}
          <SaveBar
            status={
              errorCount > 0
                ? `${errorCount} setting${errorCount === 1 ? ' needs' : 's need'} a look before saving.`
                : isDirty
                  ? 'Unsaved changes.'
                  : `Version ${base.version}, saved ${formatDateTime(base.updatedAt)}.`
            }
            statusTestId="site-save-state"
            dirty={isDirty}
            saving={save.isPending}
            onDiscard={() => reset()}
            saveLabel="Save settings"
          />
        </form>
        <div className="site-split__preview">
          <LivePreview />
        </div>
      </div>
    </FormProvider>
  );
}
