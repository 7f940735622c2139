// What the last change did, said where it happened (the remote has no toast host of its own). It
// takes the focus when it appears: the button that made the change may be gone by then (a release
// made live loses its «Сделать текущим»), and the keyboard should not fall back to the page's top.
import { useEffect, useRef } from 'react';
import Alert from 'antd/es/alert';

export interface Notice {
  tone: 'success' | 'warning';
  text: string;
  /** A further line (the server's own words). */
  detail?: string;
}

export function NoticeAlert({ notice, onClose }: { notice: Notice | null; onClose(): void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => { if (notice) box.current?.focus(); }, [notice]);
  if (!notice) return null;
  return (
    <div ref={box} tabIndex={-1} style={{ outline: 'none', marginBottom: 12 }}>
      <Alert type={notice.tone} showIcon title={notice.text} description={notice.detail}
        role={notice.tone === 'success' ? 'status' : 'alert'} closable={{ onClose }} />
    </div>
  );
}
