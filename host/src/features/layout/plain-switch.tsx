// The header's and the sidebar's on/off switches (dark theme, narrow menu) as one plain button with
// role="switch" in antd's small switch's look, drawn by static CSS (plain-switch.css): antd's Switch
// was a chunk of its own (about 3 KB) on every cabinet load (design §8). The words beside the track are part of
// the button, so clicking them switches too, and they are its name for screen readers.
import './plain-switch.css';
import { MutedText } from '@portal/shared/ui/text';

export function PlainSwitch({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <button type="button" role="switch" aria-checked={checked} className="plain-switch" onClick={() => onChange(!checked)}>
      <span className="plain-switch-track" aria-hidden><span className="plain-switch-knob" /></span>
      <MutedText>{label}</MutedText>
    </button>
  );
}
