// The cabinet's antd theme, one definition for the page (cabinet.tsx) and for the sheets built
// from it (scripts/antd-styles.tsx, design §3 "Styles and the first draw").
import antTheme from 'antd/es/theme';
import type { ThemeConfig } from 'antd/es/config-provider/context';

/**
 * Colours that reach WCAG 2.1 AA's 4.5:1 for text (axe-core checks it, e2e/a11y.e2e.ts): antd's
 * blue-6 (#1677ff) is 4.1:1 on white and its secondary text (45 % black) 3.4:1, so the light theme
 * takes blue-7 (blue-8 on hover: antd's lighter hover blue is 4.2:1), red-7 (the danger «Выйти» item)
 * and 60 % black; the dark one keeps blue-6, which its algorithm darkens for fills (white on it
 * 5.2:1), a lighter red and 60 % white for secondary text, and links in blue-4 (#69b1ff), which keep 4.5:1 on a hovered or selected table row too.
 */
const LIGHT_TOKENS = { colorPrimary: '#0958d9', colorPrimaryHover: '#003eb3', colorLink: '#0958d9', colorLinkHover: '#003eb3', colorInfo: '#0958d9', colorError: '#cf1322', colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorTextDescription: 'rgba(0, 0, 0, 0.6)', borderRadius: 8 };
const DARK_TOKENS = { colorPrimary: '#1677ff', colorLink: '#69b1ff', colorInfo: '#4096ff', colorError: '#ff7875', colorTextTertiary: 'rgba(255, 255, 255, 0.6)', colorTextDescription: 'rgba(255, 255, 255, 0.6)', borderRadius: 8 };
/**
 * Dark: the error red stays light so that error text reads on the dark ground (AA), so a red
 * primary button («Удалить», «Отклонить») takes dark text on it; white on that red is 2.6:1.
 * A hovered primary button darkens (white on antd's lighter hover blue #3c89e8 is 3.5:1, on this
 * 7.2:1), while a default button's hover keeps a light blue for its text on the dark ground (6.2:1).
 */
const DARK_COMPONENTS = { Button: { dangerColor: '#141414', colorPrimaryHover: '#1554ad', defaultHoverColor: '#4096ff', defaultHoverBorderColor: '#4096ff' } };

/** The class antd puts on its components' roots, under which the stylesheet sets the theme's variables. */
export const ANTD_CSS_VAR_KEY = 'css-var-portal';

export type ThemeName = 'default' | 'dark';

/**
 * The theme of antd's components. In the page (`zeroRuntime`) antd computes no component style: the
 * built stylesheet has them, with each theme's variables (scripts/antd-styles.tsx); the build renders
 * the same theme with the run time on to write that sheet. Unhashed class names, so that the sheet's
 * rules fit both themes.
 */
export function antdTheme(name: ThemeName, motion: boolean, zeroRuntime = true): ThemeConfig {
  const shared = { cssVar: { key: ANTD_CSS_VAR_KEY }, hashed: false, zeroRuntime };
  return name === 'dark'
    ? { ...shared, algorithm: antTheme.darkAlgorithm, token: { ...DARK_TOKENS, motion }, components: DARK_COMPONENTS }
    : { ...shared, algorithm: antTheme.defaultAlgorithm, token: { ...LIGHT_TOKENS, motion } };
}
