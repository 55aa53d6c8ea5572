import { useSettingsStore } from '@/shared/settings/settings-store';
import { safeLink } from '@/shared/http/sanitize';
import { useLayoutFlag } from '@/shared/stores/layout';
import { useEffect, useState } from 'react';
import { t } from '../i18n';

/** The news marquee: shown when the layout flag and the domain's showNews are both on. */
export function NewsMarquee() {
  const show = useLayoutFlag('newsMarquee');
  const settings = useSettingsStore((s) => s.settings);
  const pending = useSettingsStore((s) => s.settings == null && !s.loaded);
  if (!show) return null;
  // Until the domain settings arrive the bar keeps its place, so the page does not jump when it comes.
  if (pending) {
    return (
      <div className="news" aria-hidden="true">
        <span className="news__label">&nbsp;</span>
      </div>
    );
  }
  if (!settings?.showNews || !settings.newsText.trim()) return null;
  return (
    <div className="news" role="marquee" aria-label={t('sports.news')}>
      <span className="news__label">{t('sports.news')}</span>
      <div className="news__track">
        <span className="news__text">{settings.newsText}</span>
      </div>
    </div>
  );
}

/** The image slider header: the layout flag and the domain's showSlider, with images to show. */
export function SliderHeader() {
  // The sports' pages declare it in their route (app/router.tsx): there in their first frame.
  const show = useLayoutFlag('sliderHeader');
  const settings = useSettingsStore((s) => s.settings);
  const pending = useSettingsStore((s) => s.settings == null && !s.loaded);
  const images = (settings?.sliderImages ?? []).filter((i) => safeLink(i.imageUrl) !== '');
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (images.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), 5000);
    return () => clearInterval(timer);
  }, [images.length]);
  if (!show) return null;
  // Until the domain settings arrive the slider keeps its place, so the page does not jump when it comes.
  if (pending) return <div className="slider" aria-hidden="true" />;
  if (!settings?.showSlider || images.length === 0) return null;
  const current = images[index % images.length];
  if (!current) return null;
  const img = <img src={safeLink(current.imageUrl)} alt="" className="slider__image" />;
  const link = current.link ? safeLink(current.link) : '';
  return (
    <div className="slider">
      {link ? (
        <a
          href={link}
          rel="noopener noreferrer"
          aria-label={t('sports.slideLink', { n: (index % images.length) + 1 })}
        >
          {img}
        </a>
      ) : (
        img
      )}
      {images.length > 1 && (
        <div className="slider__dots">
          {images.map((_, i) => (
            <button
              key={i}
              type="button"
              className={`slider__dot ${i === index % images.length ? 'slider__dot--on' : ''}`}
              aria-label={t('sports.slide', { n: i + 1 })}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
