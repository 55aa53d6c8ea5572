import type { ReactNode } from 'react';
import { SPORT_IDS, SPORT_NAMES, type SportId } from '@backlay/contract';
import { t } from '../i18n';
import { sportName } from '../lib/sport-names';

export function Filters({ children }: { children: ReactNode }) {
  return (
    <div className="filters card" role="search">
      {children}
    </div>
  );
}

export function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="filters__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

const SPORTS = (Object.keys(SPORT_NAMES).map(Number) as SportId[]).filter((id) => id !== SPORT_IDS.casino);

/** The sport filter of a filter bar: every sport of the exchange, or all of them (''). */
export function SportField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | '';
  onChange: (value: number | '') => void;
}) {
  return (
    <Field label={t('betting.filters.sport')} id={id}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      >
        <option value="">{t('betting.filters.allSports')}</option>
        {SPORTS.map((sport) => (
          <option key={sport} value={sport}>
            {sportName(sport)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The From and To date fields of a filter bar; each keeps the range the right way round. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onFrom,
  onTo,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <Field label={t('betting.filters.from')} id={`${idPrefix}-from`}>
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={from}
          max={to}
          onChange={(e) => onFrom(e.target.value)}
        />
      </Field>
      <Field label={t('betting.filters.to')} id={`${idPrefix}-to`}>
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={to}
          min={from}
          onChange={(e) => onTo(e.target.value)}
        />
      </Field>
    </>
  );
}
