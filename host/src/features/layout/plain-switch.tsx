// The header's and the sidebar's on/off switches (dark theme, narrow menu) as one plain button with
// role="switch", drawn from the theme's tokens in antd's small switch's look: antd's Switch was a chunk
// of its own (about 3 KB) on every cabinet load (design §8). The words beside the track are part of
// the button, so clicking them switches too, and they are its name for screen readers.
import antTheme from 'antd/es/theme';
import { cspNonce } from '@portal/shared';
import { MutedText } from '@portal/shared/ui/text';

export function PlainSwitch({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  const { token } = antTheme.useToken();
  return (
    <>
      <style nonce={cspNonce}>{`.plain-switch{display:inline-flex;align-items:center;gap:6px;padding:2px 0;border:0;background:none;cursor:pointer;font:inherit}
.plain-switch:focus-visible{outline:2px solid ${token.colorPrimary};outline-offset:2px;border-radius:${token.borderRadiusSM}px}
.plain-switch-track{position:relative;flex:none;width:28px;height:16px;border-radius:8px;background:${token.colorTextQuaternary};transition:background .2s}
.plain-switch[aria-checked=true] .plain-switch-track{background:${token.colorPrimary}}
.plain-switch-knob{position:absolute;top:2px;left:2px;width:12px;height:12px;border-radius:50%;background:#fff;box-shadow:0 2px 4px rgba(0,35,11,.2);transition:left .2s}
.plain-switch[aria-checked=true] .plain-switch-knob{left:14px}
@media (prefers-reduced-motion:reduce){.plain-switch-track,.plain-switch-knob{transition:none}}`}</style>
      <button type="button" role="switch" aria-checked={checked} className="plain-switch" onClick={() => onChange(!checked)}>
        <span className="plain-switch-track" aria-hidden><span className="plain-switch-knob" /></span>
        <MutedText>{label}</MutedText>
      </button>
    </>
  );
}
