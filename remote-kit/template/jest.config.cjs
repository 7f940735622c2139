// The component tests, as the portal runs its own (jsdom, swc, @portal/shared/ui/testing).
module.exports = require('@portal/remote-kit/jest').jestConfig({ dir: __dirname });
