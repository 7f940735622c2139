// «Уйти со страницы?» before unsaved changes are lost. react-router's useBlocker works only under a
// data router, and the host renders a <BrowserRouter> (host/src/app/app.tsx), so this guards the two
// ways out that can be stopped: a reload or closing the tab (`beforeunload`, the browser's own
// question), and every in-app navigation (links, the menu, navigate()), which goes through the
// router's navigator: while the form is dirty its push/replace/go wait for the user's answer in our
// dialog. The browser's own back button cannot be stopped without a data router (the address has
// already changed by the time the page hears of it); it is not guarded.
import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import Modal from 'antd/es/modal';
import { useUiTranslation } from './translations';

type Navigator = { push: (...args: never[]) => void; replace: (...args: never[]) => void; go: (delta: number) => void };

export interface UnsavedChangesGuard {
  /** The dialog to render while a navigation waits for the user. */
  dialog: React.ReactNode;
  /** Lets the next navigation through (after a save, the screen leaves on purpose). */
  release(): void;
}

export function useUnsavedChanges(when: boolean): UnsavedChangesGuard {
  const { t } = useUiTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: Navigator };
  const active = useRef(when);
  active.current = when;
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!active.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const { push, replace, go } = navigator;
    const hold = <A extends unknown[]>(original: (...args: A) => void) => (...args: A) => {
      if (!active.current) return original.apply(navigator, args);
      setPending(() => () => original.apply(navigator, args));
    };
    navigator.push = hold(push);
    navigator.replace = hold(replace);
    navigator.go = hold(go);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigator.push = push;
      navigator.replace = replace;
      navigator.go = go;
    };
  }, [when, navigator]);

  const dialog = (
    <Modal
      open={pending !== null}
      title={t('form.leave')}
      okText={t('form.leaveOk')}
      cancelText={t('form.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => {
        const go = pending;
        active.current = false;
        setPending(null);
        go?.();
      }}
      onCancel={() => setPending(null)}
    >
      {t('form.leaveText')}
    </Modal>
  );

  return { dialog, release: () => { active.current = false; } };
}
