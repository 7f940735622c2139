// Puts antd's built styles of a component beside its code (design §3 "Styles and the first draw"):
// each module of antd/es/<folder>/ imports <dir>/<folder>.css, the rules scripts/antd-styles.tsx
// cut for that folder, so the sheet loads with the component's chunk, before the chunk runs. Every
// module of the folder, not its index alone: antd's components import each other's parts too (a
// form's items take grid/col, many take space/Compact), and an import of a sheet is made once.
//
// ConfigProvider would also derive the whole theme's tokens on the cabinet's first draw, before any
// antd component is drawn: to write the icons' reset rules at run time (`IconStyle`; those rules are
// in the base sheet, so it writes nothing) and to read one seed token, `motion` (MotionWrapper; read
// from the theme as given instead). The tokens are derived, if ever, when a screen draws its first
// antd component.
const { existsSync } = require('node:fs');
const path = require('node:path');

const ICON_STYLE = /(const IconStyle = \(\{\s*iconPrefixCls,\s*csp\s*\}\) => \{)\s*useStyle\(iconPrefixCls, csp\);/;
const MOTION_TOKEN = /import \{ useToken \} from '\.\.\/theme\/internal';([\s\S]*?)const \[, token\] = useToken\(\);/;

/** `source` with `pattern` replaced, or an error that says antd changed under this loader. */
function patched(source, pattern, replacement, what) {
  if (!pattern.test(source)) throw new Error(`antd-css-loader: ${what} is no longer as this loader knows it; see scripts/antd-css-loader.cjs`);
  return source.replace(pattern, replacement);
}

module.exports = function antdCssLoader(source) {
  const folder = /antd[\\/]es[\\/]([\w-]+)[\\/][\w-]+\.js$/.exec(this.resourcePath)?.[1];
  let out = source;
  const file = path.basename(this.resourcePath);
  if (folder === 'config-provider' && file === 'index.js') {
    out = patched(source, ICON_STYLE, '$1 /* its rules are in the built sheet (scripts/antd-css-loader.cjs) */', "ConfigProvider's IconStyle");
  } else if (folder === 'config-provider' && file === 'MotionWrapper.js') {
    out = patched(source, MOTION_TOKEN, "import { DesignTokenContext } from '../theme/internal';$1const token = React.useContext(DesignTokenContext).token;", "ConfigProvider's MotionWrapper");
  }
  const sheet = folder && path.join(this.getOptions().dir, `${folder}.css`);
  return sheet && existsSync(sheet) ? `${out}\nimport ${JSON.stringify(sheet)};\n` : out;
};
