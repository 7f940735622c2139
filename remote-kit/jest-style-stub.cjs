// What `import './x.css'` gives under jest (jest.cjs): stylesheets are the build's.
module.exports = {};
