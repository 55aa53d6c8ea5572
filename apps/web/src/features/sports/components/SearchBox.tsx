import { faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import { useUiStore } from '@/shared/stores/ui';
import { Icon } from '@/shared/ui/Icon';

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
        placeholder="Search teams, players, leagues"
        aria-label="Search events"
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
