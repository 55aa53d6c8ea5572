import { faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { Icon } from '@/shared/ui/Icon';
import { t } from '../i18n';

/** The search text of the ui store; the event lists narrow as it is typed. */
export function SearchBox() {
  const text = useUiStore((s) => s.searchText);
  const setText = useUiStore((s) => s.setSearchText);
  return (
    <label className="event-search">
      <Icon icon={faMagnifyingGlass} />
      <input
        type="search"
        value={text}
        placeholder={t('sports.search.placeholder')}
        aria-label={t('sports.search.label')}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
