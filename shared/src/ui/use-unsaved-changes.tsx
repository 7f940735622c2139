// «Уйти со страницы?» before unsaved changes are lost. Every way out that the page can stop is held:
// in-app navigation (links, the menu, navigate()) and the browser's back and forward buttons through
// react-router's useBlocker (the host renders a data router, host/src/app/app.tsx), and a reload or
// closing the tab through `beforeunload` (the browser asks its own question there).
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import Modal from 'antd/es/modal';
import { useUiTranslation } from './translations';

export interface UnsavedChangesGuard {
  /** The dialog to render while a navigation waits for the user. */
  dialog: React.ReactNode;
  /** Lets the next navigation through (after a save, the screen leaves on purpose). */
  release(): void;
}

export function useUnsavedChanges(when: boolean): UnsavedChangesGuard {
  const { t } = useUiTranslation();
  const active = useRef(when);
  active.current = when;
  // Read at navigation time, so that release() just before navigate() lets that navigation through.
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => active.current
    && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search), []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!active.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('form.leave')}
      okText={t('form.leaveOk')}
      cancelText={t('form.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => {
        active.current = false;
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {t('form.leaveText')}
    </Modal>
  );

  return { dialog, release: () => { active.current = false; } };
}
