// A list's period, as two date fields («С даты», «По дату») bound to the API's `created_after` and
// `created_before` filters in the address. The address keeps what the API takes (`created_before`
// is exclusive), the field shows the last day included, as people say «по 30 ноября».
import { useUiTranslation } from './translations';
import './plain-field.css';
import type { ResourceListResult } from './use-resource-list';

/** The API's date filters: from the first day on, and before the day after the last one. */
export const PERIOD_FILTERS = ['created_after', 'created_before'] as const;
const [FROM, BEFORE] = PERIOD_FILTERS;

/** `2026-11-03` moved by `days`, as a date string again (calendar days, no time zone involved). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const isDay = (value: string | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function PeriodFilter<T>({ list }: { list: ResourceListResult<T> }) {
  const { t } = useUiTranslation();
  const from = list.view.filters[FROM];
  const before = list.view.filters[BEFORE];
  return (
    <>
      {/* The browser draws the date field's calendar button: its colour scheme follows the theme (plain-field.css). */}
      <span className="pf pf-affix">
        <span aria-hidden>{t('period.from')}</span>
        <input type="date" aria-label={t('period.from')} value={isDay(from) ? from : ''} onChange={(event) => list.setFilter(FROM, event.target.value || null)} />
      </span>
      <span className="pf pf-affix">
        <span aria-hidden>{t('period.to')}</span>
        <input type="date" aria-label={t('period.to')} value={isDay(before) ? shiftDay(before, -1) : ''}
          onChange={(event) => list.setFilter(BEFORE, event.target.value ? shiftDay(event.target.value, 1) : null)} />
      </span>
    </>
  );
}
