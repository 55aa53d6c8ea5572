import type { ContentLanguage, RouteBody, SitePage, SitePages, SitePageText } from '@backlay/contract';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faPlus, faTrash, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'react-toastify';
import { call } from '@/api/client';
import { toApiError, type ApiError } from '@/api/errors';
import { ConfirmBox } from '@/shared/ConfirmBox';
import { formatDateTime } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import { ItemActions, SaveBar, SaveRefusal, useStoredSettings, useWarnBeforeLeaving } from './form-helpers';
import { SITE_PAGES_KEY } from './keys';
import { showNewerIfStale } from './stale-save';
import {
  EMPTY_SECTION,
  formFieldOf,
  formOf,
  LANGUAGE_NAMES,
  PAGE_LIMITS,
  PAGE_NAMES,
  PageFormSchema,
  pagesInOrder,
  paragraphsOf,
  unwrittenPage,
  type ContentPage,
  type PageFormOutput,
  type PageFormValues,
} from './page-form';

const readPages = ({ signal }: { signal: AbortSignal }) => call('adminSitePages', { signal });

/** The page and language being edited. */
interface Choice {
  page: ContentPage;
  language: ContentLanguage;
}

/**
 * The operator's pages players read (rules, exclusion policy, responsible gaming; GET and PUT
 * /admin/site-pages): the owner writes each in English and may translate it into Hindi. Players
 * read the Hindi translation where there is one, else the English page; a page without English
 * text is "page not found" to them.
 */
export function PagesPanel() {
  // Read once: a newer save by someone else is caught when this one saves (409 SETTINGS_STALE).
  const query = useStoredSettings(SITE_PAGES_KEY, readPages);
  if (query.isPending) return <p className="muted pad">Loading the pages…</p>;
  if (query.isError) return <Problem error={query.error} what="see or change the site's pages" />;
  return <PagesEditor pages={pagesInOrder(query.data.pages)} />;
}

/** Where a page stands for players, in a line. */
function pageStatus(page: SitePage): string {
  if (page.updatedAt == null || page.texts.en == null) {
    return 'Never written: players see “page not found”.';
  }
  const hindi = page.texts.hi
    ? 'Hindi translation: yes.'
    : 'No Hindi translation: players who read Hindi see English.';
  return `Saved ${formatDateTime(page.updatedAt)}. ${hindi}`;
}

function PagesEditor({ pages }: { pages: SitePage[] }) {
  const id = useId();
  const [choice, setChoice] = useState<Choice>({ page: pages[0]!.page, language: 'en' });
  // The editor's unsaved edits: opening another page or language asks before dropping them.
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Choice | null>(null);
  const stored = pages.find((p) => p.page === choice.page) ?? unwrittenPage(choice.page);

  const choose = (next: Choice) => {
    if (next.page === choice.page && next.language === choice.language) return;
    if (dirty) {
      setPending(next);
      return;
    }
    setPending(null);
    setChoice(next);
  };

  return (
    <div className="site-pages">
      <div className="site-pages__choose">
        <fieldset className="site-section">
          <legend>Page</legend>
          <ul className="site-page-choices">
            {pages.map((p) => (
              <li key={p.page} className="site-page-choice" data-testid={`page-${p.page}`}>
                <label className="site-switch">
                  <input
                    type="radio"
                    name={`${id}-page`}
                    value={p.page}
                    checked={p.page === choice.page}
                    aria-describedby={`${id}-${p.page}-status`}
                    onChange={() => choose({ page: p.page, language: choice.language })}
                  />
                  <span>{PAGE_NAMES[p.page]}</span>
                </label>
                <span id={`${id}-${p.page}-status`} className="field__hint">
                  {pageStatus(p)}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="site-section">
          <legend>Language</legend>
          <div className="site-page-languages">
            {(['en', 'hi'] as const).map((language) => (
              <div key={language} className="site-toggle">
                <label className="site-switch">
                  <input
                    type="radio"
                    name={`${id}-language`}
                    value={language}
                    checked={language === choice.language}
                    aria-describedby={`${id}-${language}-status`}
                    onChange={() => choose({ page: choice.page, language })}
                  />
                  {language === 'hi' ? (
                    <span>
                      <span lang="hi">हिन्दी</span> (Hindi)
                    </span>
                  ) : (
                    <span>{LANGUAGE_NAMES[language]}</span>
                  )}
                </label>
                <span id={`${id}-${language}-status`} className="field__hint">
                  {language === 'en'
                    ? 'The page itself.'
                    : stored.texts.hi
                      ? 'Translated.'
                      : 'Not translated: players who read Hindi see English.'}
                </span>
              </div>
            ))}
          </div>
        </fieldset>
      </div>

      {pending && (
        <ConfirmBox
          label="Confirm: discard unsaved changes"
          confirm="Discard my changes"
          tone="reject"
          onConfirm={() => {
            setChoice(pending);
            setPending(null);
          }}
          cancel="Keep editing"
          onCancel={() => setPending(null)}
        >
          <p>
            <FontAwesomeIcon icon={faTriangleExclamation} /> Your changes to {PAGE_NAMES[choice.page]} (
            {LANGUAGE_NAMES[choice.language]}) are not saved. Discard them and open {PAGE_NAMES[pending.page]}{' '}
            ({LANGUAGE_NAMES[pending.language]})?
          </p>
        </ConfirmBox>
      )}

      {choice.language === 'hi' && stored.texts.en == null ? (
        <div className="notice notice--info site-form--narrow" role="status">
          <p className="site-page-note">
            {PAGE_NAMES[choice.page]} has no English text yet. Write the English page first: the translation
            is made from it, and until it is saved players see “page not found”.
          </p>
          <button type="button" className="btn" onClick={() => choose({ page: choice.page, language: 'en' })}>
            Write the English page
          </button>
        </div>
      ) : (
        <PageEditor
          key={`${choice.page}-${choice.language}`}
          initial={stored}
          language={choice.language}
          onDirtyChange={setDirty}
        />
      )}
    </div>
  );
}

/** A page's text as players read it, read-only. */
function PageTextView({
  text,
  language,
  label,
}: {
  text: SitePageText;
  language: ContentLanguage;
  label: string;
}) {
  return (
    <article className="site-page-text" lang={language} aria-label={label}>
      <p className="site-page-text__title">{text.title}</p>
      {text.sections.map((section, i) => (
        <section key={i}>
          {section.heading !== '' && <p className="site-page-text__heading">{section.heading}</p>}
          {section.paragraphs.map((paragraph, j) => (
            <p key={j}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

/**
 * A save refused because the page was saved since the editor loaded it (409 SETTINGS_STALE):
 * nothing of this owner's was saved. The newer text in this language is shown; the owner loads it
 * into the form, makes their changes again and saves.
 */
function PageStaleNotice({
  yours,
  theirs,
  language,
  onReload,
}: {
  yours: string | null;
  theirs: SitePage;
  language: ContentLanguage;
  onReload: () => void;
}) {
  const id = useId();
  const text = theirs.texts[language];
  const what = language === 'hi' ? 'Hindi translation' : 'English text';
  return (
    <section className="notice notice--warn site-stale" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} role="alert">
        Not saved: someone saved this page meanwhile
      </h3>
      <p>
        You edited the page {yours ? `as saved at ${formatDateTime(yours)}` : 'before it was first written'}
        {theirs.updatedAt ? `; it was saved again at ${formatDateTime(theirs.updatedAt)}` : ''}. Saving yours
        now would undo theirs, so nothing of yours was saved.
      </p>
      {text ? (
        <>
          <p>The {what} as it is now:</p>
          <PageTextView text={text} language={language} label={`The newer ${what}`} />
        </>
      ) : (
        <p>There is no {what} now.</p>
      )}
      <p>Load the newer page into the form, make your changes again, then save.</p>
      <button type="button" className="btn btn--primary" onClick={onReload}>
        Load the newer page
      </button>
    </section>
  );
}

/** Under a section's paragraphs: how many the box holds, as the save will split them. */
function ParagraphCount({
  control,
  index,
}: {
  control: Control<PageFormValues, unknown, PageFormOutput>;
  index: number;
}) {
  const text = useWatch({ control, name: `sections.${index}.paragraphs` });
  const count = paragraphsOf(text ?? '').length;
  return (
    <>
      {count} paragraph{count === 1 ? '' : 's'}. A blank line starts a new one; at most{' '}
      {PAGE_LIMITS.paragraphs}, each up to {PAGE_LIMITS.paragraph} characters.
    </>
  );
}

function savedMessage(name: string, language: ContentLanguage, removed: boolean): string {
  if (removed) return `Hindi translation of ${name} removed: players who read Hindi see the English page.`;
  return language === 'hi'
    ? `${name} saved in Hindi. Players who read Hindi see it the next time they open it.`
    : `${name} saved. Players see it the next time they open it.`;
}

/** One page in one language: read once, then the form owns it until it saves or reloads. */
function PageEditor({
  initial,
  language,
  onDirtyChange,
}: {
  initial: SitePage;
  language: ContentLanguage;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  // The page as the form was filled from it: a save names its updatedAt, and a stale one is refused.
  const [base, setBase] = useState(initial);
  const [stale, setStale] = useState<SitePage | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PageFormValues, unknown, PageFormOutput>({
    resolver: zodResolver(PageFormSchema),
    defaultValues: formOf(initial.texts[language]),
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sections' });
  useWarnBeforeLeaving(isDirty);
  useEffect(() => {
    onDirtyChange(isDirty);
    return () => onDirtyChange(false);
  }, [isDirty, onDirtyChange]);

  const name = PAGE_NAMES[base.page];
  const hindi = language === 'hi';
  const stored = base.texts[language];
  const english = base.texts.en;

  const fillFrom = (page: SitePage) => {
    reset(formOf(page.texts[language]));
    setBase(page);
  };

  const save = useMutation({
    mutationFn: (body: RouteBody<'adminSaveSitePage'>) => call('adminSaveSitePage', { body }),
    onMutate: () => {
      setRefusal(null);
      setNote(null);
      setConfirmingRemove(false);
    },
    onSuccess: (saved, body) => {
      queryClient.setQueryData<SitePages>(
        [SITE_PAGES_KEY],
        (before) => before && { pages: before.pages.map((p) => (p.page === saved.page ? saved : p)) },
      );
      void queryClient.invalidateQueries({ queryKey: [SITE_PAGES_KEY] });
      fillFrom(saved);
      setStale(null);
      toast.success(savedMessage(PAGE_NAMES[saved.page], body.language, body.text == null));
    },
    onError: async (thrown, body) => {
      const error = toApiError(thrown);
      const stale = await showNewerIfStale(error, {
        warning: 'Not saved: someone saved this page meanwhile.',
        readAgain: async () => {
          const now = await queryClient.fetchQuery({
            queryKey: [SITE_PAGES_KEY],
            queryFn: readPages,
            staleTime: 0,
          });
          return now.pages.find((p) => p.page === body.page) ?? unwrittenPage(body.page);
        },
        show: setStale,
        refuse: setRefusal,
      });
      if (stale) return;
      for (const v of error.validationErrors) {
        const field = formFieldOf(v.field);
        if (field) setError(field, { type: 'server', message: v.message });
      }
      setRefusal(error);
      toast.error(`Not saved: ${error.message}`);
    },
  });

  const onReload = () => {
    if (!stale) return;
    fillFrom(stale);
    setNote(
      stale.updatedAt
        ? `Loaded the page as saved at ${formatDateTime(stale.updatedAt)}. Make your changes again and save.`
        : 'Loaded the page as it is now. Make your changes again and save.',
    );
    setStale(null);
  };

  const listError = errors.sections?.message ?? errors.sections?.root?.message;
  const hasErrors = Object.keys(errors).length > 0;
  const reference = hindi && english && (
    <details className="site-page-ref" open>
      <summary>English text, for reference</summary>
      <p className="field__hint">
        Read-only: translate it in the form. Players who read Hindi see this English text until a translation
        is saved.
      </p>
      <PageTextView text={english} language="en" label="English text, for reference" />
    </details>
  );

  return (
    <div className={reference ? 'site-page-edit has-ref' : 'site-page-edit'}>
      {reference}
      <form
        className="site-form site-form--narrow"
        noValidate
        aria-label={`${name} in ${hindi ? 'Hindi' : 'English'}`}
        onSubmit={handleSubmit((text) =>
          save.mutate({ page: base.page, language, updatedAt: base.updatedAt, text }),
        )}
      >
        {stored == null && (
          <p className="notice notice--warn" role="status">
            {hindi
              ? `${name} has no Hindi translation yet: players who read Hindi see the English page. Write the translation below, with the English text as a guide.`
              : `${name} was never written: players see “page not found” until the English page is saved.`}
          </p>
        )}
        {stale && (
          <PageStaleNotice yours={base.updatedAt} theirs={stale} language={language} onReload={onReload} />
        )}
        {note && (
          <p className="notice notice--info" role="status">
            {note}
          </p>
        )}

        <fieldset className="site-section">
          <legend>{hindi ? 'Hindi translation' : 'English page'}</legend>
          <div className="field">
            <label htmlFor={`${id}-title`}>Page title</label>
            <input
              id={`${id}-title`}
              type="text"
              lang={language}
              autoComplete="off"
              maxLength={PAGE_LIMITS.title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={`${id}-title-hint`}
              {...register('title')}
            />
            <span id={`${id}-title-hint`} className={errors.title ? 'field__error' : 'field__hint'}>
              {errors.title?.message ?? `The heading of the page; at most ${PAGE_LIMITS.title} characters.`}
            </span>
          </div>
        </fieldset>

        <ol className="site-page-sections">
          {fields.map((section, index) => {
            const n = index + 1;
            const headingError = errors.sections?.[index]?.heading;
            const paragraphsError = errors.sections?.[index]?.paragraphs;
            const headingId = `${id}-s${index}-heading`;
            const paragraphsId = `${id}-s${index}-paragraphs`;
            return (
              <li key={section.id} data-testid={`page-section-${n}`}>
                <fieldset className="site-section">
                  <legend>Section {n}</legend>
                  <div className="field">
                    <label htmlFor={headingId}>Section {n} heading</label>
                    <input
                      id={headingId}
                      type="text"
                      lang={language}
                      autoComplete="off"
                      maxLength={PAGE_LIMITS.heading}
                      aria-invalid={headingError ? true : undefined}
                      aria-describedby={`${headingId}-hint`}
                      {...register(`sections.${index}.heading`)}
                    />
                    <span id={`${headingId}-hint`} className={headingError ? 'field__error' : 'field__hint'}>
                      {headingError?.message ?? 'May be empty: the section then runs on from the one before.'}
                    </span>
                  </div>
                  <div className="field">
                    <label htmlFor={paragraphsId}>Section {n} paragraphs</label>
                    <textarea
                      id={paragraphsId}
                      lang={language}
                      rows={6}
                      aria-invalid={paragraphsError ? true : undefined}
                      aria-describedby={`${paragraphsId}-hint`}
                      {...register(`sections.${index}.paragraphs`)}
                    />
                    <span
                      id={`${paragraphsId}-hint`}
                      className={paragraphsError ? 'field__error' : 'field__hint'}
                    >
                      {paragraphsError?.message ?? <ParagraphCount control={control} index={index} />}
                    </span>
                  </div>
                  <ItemActions
                    className="site-page-section__actions"
                    item={`section ${n}`}
                    index={index}
                    count={fields.length}
                    move={move}
                    remove={remove}
                    keepOne
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        {listError && (
          <p className="field__error" role="alert">
            {listError}
          </p>
        )}
        <p className="site-page-add">
          <button
            type="button"
            className="btn btn--small"
            disabled={fields.length >= PAGE_LIMITS.sections}
            onClick={() => append({ ...EMPTY_SECTION })}
          >
            <FontAwesomeIcon icon={faPlus} /> Add a section
          </button>{' '}
          <span className="muted small">
            {fields.length} of at most {PAGE_LIMITS.sections} sections
          </span>
        </p>

        {hindi && stored != null && (
          <div className="site-section site-section--danger site-page-remove">
            <button
              type="button"
              className="btn btn--reject"
              disabled={save.isPending || confirmingRemove}
              aria-describedby={`${id}-remove-hint`}
              onClick={() => setConfirmingRemove(true)}
            >
              <FontAwesomeIcon icon={faTrash} /> Remove the Hindi translation
            </button>
            <span id={`${id}-remove-hint`} className="field__hint">
              Players who read Hindi then see the English page.
            </span>
            {confirmingRemove && (
              <div
                className="player__confirm"
                role="alertdialog"
                aria-label="Confirm: remove the Hindi translation"
              >
                <p>
                  <FontAwesomeIcon icon={faTriangleExclamation} /> Remove the Hindi translation of {name}?
                  Players who read Hindi will see the English page. Any unsaved changes here are dropped too.
                </p>
                <div className="player__confirm-actions">
                  <button
                    type="button"
                    className="btn btn--reject"
                    onClick={() =>
                      save.mutate({ page: base.page, language, updatedAt: base.updatedAt, text: null })
                    }
                  >
                    Yes, remove the translation
                  </button>
                  <button type="button" className="btn" onClick={() => setConfirmingRemove(false)}>
                    Cancel
                  </button>
                </div>
              </div>
            )}
          </div>
        )}

        {refusal && <SaveRefusal error={refusal} what="change the site's pages" />}
        <SaveBar
          status={
            hasErrors
              ? 'Some fields need a look before saving.'
              : isDirty
                ? 'Unsaved changes.'
                : stored != null && base.updatedAt
                  ? `Saved ${formatDateTime(base.updatedAt)}.`
                  : hindi
                    ? 'No translation saved.'
                    : 'Never saved.'
          }
          statusTestId="page-save-state"
          dirty={isDirty}
          saving={save.isPending}
          onDiscard={() => reset()}
          saveLabel={hindi ? 'Save the Hindi translation' : 'Save the English page'}
        />
      </form>
    </div>
  );
}
