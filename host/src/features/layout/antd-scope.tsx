// antd's context for the parts of the cabinet that draw antd components: a remote's area, the
// profile, the agreement, the aside (design §3 "Styles and the first draw"). A chunk of its own, so
// the frame and the home, which draw none, load no antd code. ConfigProvider draws nothing; it hands
// the theme, the language and the page's nonce to the components inside (its icon rules and its
// motion come without deriving the tokens, scripts/antd-css-loader.cjs).
import { useMemo, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import ruRU from 'antd/es/locale/ru_RU';
import { antdCsp, useAppSelector, useTranslation } from '@portal/shared';
import { antdTheme } from './antd-theme';
import { usePrefersReducedMotion } from './reduced-motion';

const NO_WAVE = { disabled: true };

export default function AntdScope({ children }: { children: ReactNode }) {
  const themeName = useAppSelector((s) => s.ui.theme);
  const { i18n } = useTranslation();
  const motion = !usePrefersReducedMotion();
  const theme = useMemo(() => antdTheme(themeName === 'dark' ? 'dark' : 'default', motion), [themeName, motion]);
  // `csp`: antd's run-time <style> tags carry the page's nonce, which its Content-Security-Policy asks for.
  // Less motion: no animations (the theme's `motion`) and no wave after a click (a 2-second fade antd
  // draws whatever the theme says).
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : ruRU} theme={theme} csp={antdCsp} wave={motion ? undefined : NO_WAVE}>
      {children}
    </ConfigProvider>
  );
}
