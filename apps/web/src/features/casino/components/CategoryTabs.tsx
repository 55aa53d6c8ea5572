import { useRef, type KeyboardEvent } from 'react';
import { t } from '../i18n';

export const categoryTabId = (index: number) => `casino-tab-${index}`;

/**
 * "All" and each category present, as tabs over the one grid: arrow keys, Home and End move
 * between them (the tablist is one stop for Tab), and moving selects.
 */
export function CategoryTabs({
  categories,
  selected,
  onSelect,
  panelId,
}: {
  categories: string[];
  selected: string | null;
  onSelect: (category: string | null) => void;
  panelId: string;
}) {
  const tabs: (string | null)[] = [null, ...categories];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, tabs.indexOf(selected));

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next == null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onSelect(tabs[next] ?? null);
  };

  return (
    <div className="casino-tabs" role="tablist" aria-label={t('casino.lobby.categories')}>
      {tabs.map((category, index) => (
        <button
          key={category ?? '*'}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={categoryTabId(index)}
          className="casino-tabs__tab"
          aria-selected={index === current}
          aria-controls={panelId}
          tabIndex={index === current ? 0 : -1}
          onClick={() => onSelect(category)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {category ?? t('casino.lobby.all')}
        </button>
      ))}
    </div>
  );
}
