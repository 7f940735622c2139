// What `import './x.css'` gives under jest (jest.config.js): stylesheets are the build's.
module.exports = {};
