import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import type { IconDefinition } from '@fortawesome/fontawesome-svg-core';
import {
  faBaseballBatBall,
  faDice,
  faFutbol,
  faHorseHead,
  faPeopleArrows,
  faScrewdriverWrench,
  faStar,
  faTableTennisPaddleBall,
} from '@fortawesome/free-solid-svg-icons';
import { previewImage, previewTheme, type SiteFormValues } from './site-form';

/**
 * The sport tabs as the players' client orders them (by sport id: football 1, tennis 2, cricket 3,
 * kabaddi 25, horse racing 26), with its icons (apps/web/src/features/sports/lib/sport-icons.ts).
 */
const SPORT_TABS = [
  { key: 'football', name: 'Football', icon: faFutbol },
  { key: 'tennis', name: 'Tennis', icon: faTableTennisPaddleBall },
  { key: 'cricket', name: 'Cricket', icon: faBaseballBatBall },
  { key: 'kabaddi', name: 'Kabaddi', icon: faPeopleArrows },
  { key: 'horseRacing', name: 'Horse Racing', icon: faHorseHead },
] as const satisfies readonly { key: keyof SiteFormValues; name: string; icon: IconDefinition }[];

/**
 * A miniature of the players' client as a visitor sees it with these settings: the browser tab
 * (favicon and title), the header (logo, or the mark and title without one) in the theme's
 * colours, the sport tabs, the news bar, the first slide, and the Deposit and Withdrawal entries of a
 * signed-in player's menu. It follows the form as the owner types; nothing here is saved.
 * Drawn after apps/web/src/app/layouts (TopBar, MainLayout) and apps/web/src/styles/app.css.
 */
export function SitePreview({ values }: { values: SiteFormValues }) {
  const theme = previewTheme(values.bodyBgColor);
  const title = values.domainTitle.trim() || 'Backlay';
  const logo = previewImage(values.mainLogo);
  const favicon = previewImage(values.favicon);
  const news = values.newsText.trim();
  const firstSlide = values.showSlider
    ? values.sliderImages.map((s) => previewImage(s.imageUrl)).find((src) => src !== '')
    : undefined;

  return (
    <section
      className="site-preview"
      aria-label="Preview of the players' site"
      data-testid="site-preview"
      data-theme={theme}
    >
      <div className="site-preview__tab" title="The browser tab">
        <span className="site-preview__favicon" aria-hidden="true">
          {favicon ? <img src={favicon} alt="" data-testid="preview-favicon" /> : null}
        </span>
        <span className="site-preview__tab-title" data-testid="preview-title">
          {title}
        </span>
      </div>
      <div className="site-preview__frame">
        {values.siteSuspended && (
          <p className="site-preview__maintenance" data-testid="preview-maintenance">
            <FontAwesomeIcon icon={faScrewdriverWrench} /> Under maintenance: players see only the maintenance
            page.
          </p>
        )}
        <div className="site-preview__topbar" data-testid="preview-header">
          <span className="site-preview__brand" data-testid="preview-brand">
            {logo ? (
              <img src={logo} alt={title} className="site-preview__logo" data-testid="preview-logo" />
            ) : (
              <>
                <span className="site-preview__mark" aria-hidden="true">
                  B
                </span>
                <span>{title}</span>
              </>
            )}
          </span>
          <span className="site-preview__actions">
            <span className="site-preview__btn site-preview__btn--ghost">Login</span>
            {values.allowSignUp && (
              <span className="site-preview__btn site-preview__btn--accent" data-testid="preview-signup">
                Sign Up
              </span>
            )}
          </span>
        </div>
        <div className="site-preview__nav" data-testid="preview-sports">
          <span className="site-preview__nav-tab is-active">
            <span className="site-preview__live" aria-hidden="true" /> In-Play
          </span>
          {SPORT_TABS.filter((s) => values[s.key]).map((s) => (
            <span key={s.key} className="site-preview__nav-tab" data-testid={`preview-sport-${s.key}`}>
              <FontAwesomeIcon icon={s.icon} /> {s.name}
            </span>
          ))}
          {values.casino && (
            <span className="site-preview__nav-tab" data-testid="preview-sport-casino">
              <FontAwesomeIcon icon={faDice} /> Casino
            </span>
          )}
          <span className="site-preview__nav-tab">
            <FontAwesomeIcon icon={faStar} /> Favourites
          </span>
        </div>
        {values.showNews && news !== '' && (
          <div className="site-preview__news" data-testid="preview-news">
            <span className="site-preview__news-label">News</span>
            <span className="site-preview__news-text">{news}</span>
          </div>
        )}
        <div className="site-preview__body">
          {firstSlide && (
            <div className="site-preview__slider">
              <img src={firstSlide} alt="" data-testid="preview-slide" />
            </div>
          )}
          {(values.showDepositW || values.showDWRequests) && (
            <div className="site-preview__menu" data-testid="preview-menu">
              <span className="site-preview__menu-title">A player&apos;s account menu</span>
              {values.showDepositW && (
                <>
                  <span className="site-preview__menu-item" data-testid="preview-deposit">
                    Deposit
                  </span>
                  <span className="site-preview__menu-item" data-testid="preview-withdrawal">
                    Withdrawal
                  </span>
                </>
              )}
              {values.showDWRequests && (
                <span className="site-preview__menu-item" data-testid="preview-dw-requests">
                  D/W Requests
                </span>
              )}
            </div>
          )}
          <div className="site-preview__placeholder" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        </div>
      </div>
    </section>
  );
}
