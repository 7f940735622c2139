// Views of one list as one control, in antd Segmented's look but plain markup (design §3 "Styles and
// the first draw"): the browser's own radio buttons under their labels, so arrows move between the
// views, Tab reaches the group once and a screen reader hears a radio group with its name.
import { useId } from 'react';
import './view-switch.css';

export interface ViewSwitchProps {
  /** The group's name for assistive technology («Какие запросы показать»). */
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange(value: string): void;
}

export function ViewSwitch({ label, value, options, onChange }: ViewSwitchProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="view-switch">
      {options.map((option) => (
        <label key={option.value} className="view-switch-item">
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
