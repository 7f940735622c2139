// «Виды» as a list first draws it: a plain button, with the list's name from its area's path. The
// menu, its dialogs and the antd parts they need (Dropdown, Modal, Checkbox, Alert) come in their own
// chunk, asked for when the pointer or the focus reaches the button and shown open on its click, so
// a list's first screen carries none of it (design §8: ≤ 450 KB with its remote).
import { lazy, Suspense, useState } from 'react';
import { PlainButton } from './plain-button';
import { useAppSelector, type AreaPath } from '@portal/shared';
import { listNameOf } from './list-name';
import { useUiTranslation } from './translations';

const loadMenu = () => import('./saved-views');
const SavedViewsMenu = lazy(async () => ({ default: (await loadMenu()).SavedViewsMenu }));

/** «Виды» for the list at `path`; nothing for a path that names no API list. */
export function SavedViewsButton({ path }: { path: AreaPath }) {
  const { t } = useUiTranslation();
  const resolved = useAppSelector((state) => (typeof path === 'function' ? path(state) : path));
  const list = listNameOf(resolved);
  const [wanted, setWanted] = useState(false);
  if (!list) return null;
  const button = (loading = false) => (
    <PlainButton aria-haspopup="menu" loading={loading} onPointerEnter={() => void loadMenu()} onFocus={() => void loadMenu()} onClick={() => setWanted(true)}>
      {t('views.button')}
    </PlainButton>
  );
  if (!wanted) return button();
  return <Suspense fallback={button(true)}><SavedViewsMenu key={list} list={list} initiallyOpen /></Suspense>;
}
