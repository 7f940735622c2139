// Puts antd's built styles of a component beside its code (design §3 "Styles and the first draw"):
// each module of antd/es/<folder>/ imports <dir>/<folder>.css, the rules scripts/antd-styles.tsx
// cut for that folder, so the sheet loads with the component's chunk, before the chunk runs. Every
// module of the folder, not its index alone: antd's components import each other's parts too (a
// form's items take grid/col, many take space/Compact), and an import of a sheet is made once.
const { existsSync } = require('node:fs');
const path = require('node:path');

module.exports = function antdCssLoader(source) {
  const folder = /antd[\\/]es[\\/]([\w-]+)[\\/][\w-]+\.js$/.exec(this.resourcePath)?.[1];
  const sheet = folder && path.join(this.getOptions().dir, `${folder}.css`);
  return sheet && existsSync(sheet) ? `${source}\nimport ${JSON.stringify(sheet)};\n` : source;
};
