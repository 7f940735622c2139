// A tracking number with a copy button: dealers paste it into the carrier's site. The button says
// which number it copies (several rows each have one), and the result is announced politely.
import { useEffect, useRef, useState } from 'react';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { token } from '@portal/shared/ui/tokens';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { useTranslation } from '@portal/shared';
import { VISUALLY_HIDDEN } from '@portal/shared/ui/text';

/** How long the tick stays on the button after a copy. */
const COPIED_MS = 2000;

export function TrackingNumber({ number }: { number: string }) {
  const { t } = useTranslation('orders');
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const copy = async () => {
    if (timer.current) clearTimeout(timer.current);
    try {
      // Missing outside a secure context: counted as a failure, not thrown past the button.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(number);
      setResult('copied');
      timer.current = setTimeout(() => setResult('idle'), COPIED_MS);
    } catch {
      setResult('failed');
    }
  };

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' }}>
      <span style={{ fontFamily: token.fontFamilyCode, whiteSpace: 'nowrap' }}>{number}</span>
      <PlainButton size="small" variant="text" aria-label={t('shipping.copy', { number })} onClick={copy}
        icon={result === 'copied' ? <CheckOutlined aria-hidden style={{ color: token.colorSuccess }} /> : <CopyOutlined aria-hidden />} />
      <span role="status" style={result === 'failed' ? { color: token.colorErrorText, fontSize: token.fontSizeSM } : VISUALLY_HIDDEN}>
        {result === 'copied' && t('shipping.copied', { number })}
        {result === 'failed' && t('shipping.copyFailed')}
      </span>
    </span>
  );
}
