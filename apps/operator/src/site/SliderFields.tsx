import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faPlus } from '@fortawesome/free-solid-svg-icons';
import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { ItemActions } from './form-helpers';
import { ImageField } from './ImageField';
import { emptyAsNull, MAX_SLIDES, type SiteFormValues } from './site-form';

/** The slider's images, in the order players see them: each uploaded or addressed, with its link. */
export function SliderFields() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<SiteFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sliderImages' });
  const id = useId();
  const listError = errors.sliderImages?.message ?? errors.sliderImages?.root?.message;

  return (
    <div className="site-slides">
      {fields.length === 0 ? (
        <p className="muted small">No slides: the slider stays hidden until one is added.</p>
      ) : (
        <ol className="site-slides__list">
          {fields.map((slide, index) => {
            const n = index + 1;
            const linkError = errors.sliderImages?.[index]?.link;
            return (
              <li key={slide.id} className="site-slide" data-testid={`slide-${n}`}>
                <ImageField
                  name={`sliderImages.${index}.imageUrl`}
                  kind="slide"
                  label={`Slide ${n} image address`}
                  uploadLabel={`Upload slide ${n} image`}
                  hint="Wide pictures fit best (the slider is 16 by 5)."
                />
                <div className="field">
                  <label htmlFor={`${id}-link-${index}`}>Slide {n} link</label>
                  <input
                    id={`${id}-link-${index}`}
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={512}
                    aria-invalid={linkError ? true : undefined}
                    aria-describedby={`${id}-link-${index}-hint`}
                    {...register(`sliderImages.${index}.link`, { setValueAs: emptyAsNull })}
                  />
                  <span
                    id={`${id}-link-${index}-hint`}
                    className={linkError ? 'field__error' : 'field__hint'}
                  >
                    {linkError?.message ??
                      "A page of the players' site (/inplay) or an https:// address; empty: leads nowhere."}
                  </span>
                </div>
                <ItemActions
                  className="site-slide__actions"
                  item={`slide ${n}`}
                  index={index}
                  count={fields.length}
                  move={move}
                  remove={remove}
                />
              </li>
            );
          })}
        </ol>
      )}
      {listError && (
        <p className="field__error" role="alert">
          {listError}
        </p>
      )}
      <button
        type="button"
        className="btn btn--small"
        disabled={fields.length >= MAX_SLIDES}
        onClick={() => append({ imageUrl: '', link: null })}
      >
        <FontAwesomeIcon icon={faPlus} /> Add a slide
      </button>{' '}
      <span className="muted small">
        {fields.length} of at most {MAX_SLIDES} slides
      </span>
    </div>
  );
}
