// The theme's values as CSS variables (design §3 "Styles and the first draw"): the stylesheet built
// with the portal (scripts/antd-styles.tsx) sets antd's tokens on <html> for the light theme and
// under html[data-theme="dark"] for the dark one, so a style reads `token.colorText`
// ('var(--ant-color-text)') and follows the theme without asking antd to compute it: nothing here
// runs antd's token run time, which `theme.useToken()` did on every render (a lint rule forbids it).
// In a static .css file write the variable itself: `color: var(--ant-color-text)`.

/** The tokens our own markup reads; antd names them in camelCase, the sheet as `--ant-kebab-case`. */
const NAMES = [
  'colorText', 'colorTextHeading', 'colorTextSecondary', 'colorTextTertiary', 'colorTextQuaternary', 'colorTextDescription', 'colorTextDisabled', 'colorTextLightSolid',
  'colorPrimary', 'colorPrimaryBg', 'colorPrimaryHover', 'colorLink', 'colorLinkHover',
  'colorSuccess', 'colorSuccessBg', 'colorSuccessBorder', 'colorSuccessText',
  'colorWarning', 'colorWarningBg', 'colorWarningBorder', 'colorWarningText',
  'colorError', 'colorErrorBg', 'colorErrorBorder', 'colorErrorText',
  'colorInfo', 'colorInfoBg', 'colorInfoBorder',
  'colorBgContainer', 'colorBgElevated', 'colorBgLayout', 'colorBgSpotlight', 'colorBgMask', 'colorBgTextHover',
  'colorBorder', 'colorBorderSecondary', 'colorSplit', 'colorFill', 'colorFillContent', 'colorFillAlter', 'colorFillSecondary', 'colorFillTertiary', 'colorFillQuaternary',
  'borderRadius', 'borderRadiusSM', 'borderRadiusLG', 'boxShadow', 'boxShadowSecondary', 'boxShadowTertiary',
  'fontFamily', 'fontFamilyCode', 'fontSize', 'fontSizeSM', 'fontSizeLG', 'fontSizeHeading3', 'fontSizeHeading4', 'fontSizeHeading5', 'fontWeightStrong',
  'lineHeight', 'lineHeightSM', 'lineHeightLG', 'lineHeightHeading3', 'lineHeightHeading4', 'lineHeightHeading5', 'lineWidth',
  'controlHeight', 'marginXXS', 'marginXS', 'marginSM', 'marginMD', 'paddingXS', 'paddingSM', 'paddingLG', 'zIndexPopupBase',
] as const;

export type TokenName = typeof NAMES[number];

/** antd's name of a token's variable: colorBgContainer → --ant-color-bg-container, fontSizeHeading3 → --ant-font-size-heading-3, borderRadiusLG → --ant-border-radius-lg. */
export function tokenVariable(name: string): string {
  return `--ant-${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z0-9]+)/g, '$1-$2').replace(/([a-z])([0-9])/g, '$1-$2').toLowerCase()}`;
}

/** Each token as `var(--ant-…)`, for a style attribute: `style={{ color: token.colorTextDescription }}`. */
export const token = Object.fromEntries(NAMES.map((name) => [name, `var(${tokenVariable(name)})`])) as Readonly<Record<TokenName, string>>;
