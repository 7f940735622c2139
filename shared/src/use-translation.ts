// The React side of the page's one i18next instance: `t` for a namespace, re-rendering when the
// language changes. It replaces react-i18next, whose whole module (a shared singleton cannot be
// tree-shaken) cost 10 KB gzip on /login for the two things the portal uses (design §8).
import { useMemo, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { i18n, initI18n } from './i18n';

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

/** `t` bound to the current language and to `namespace` (then the common words). */
export function useTranslation(namespace?: string | string[]): { t: TFunction; i18n: typeof i18n; language: string } {
  initI18n();
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const key = Array.isArray(namespace) ? namespace.join('|') : namespace ?? '';
  // `key` stands for `namespace`, whose array identity may change on every render.
  const t = useMemo(() => i18n.getFixedT(language, namespace ?? null) as TFunction, [language, key]);
  return { t, i18n, language };
}
