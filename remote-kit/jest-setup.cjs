'use strict';
// What antd, React Router and react-redux expect of a browser and jsdom lacks: the setup of every
// component test of the portal's and of a remote's (jest.cjs). Plain JavaScript, so a remote needs
// no TypeScript for it.
require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!('MessageChannel' in globalThis)) {
  // A MessageChannel on timers: Node's own keeps jest from exiting once React's scheduler listens.
  class TimerPort {
    constructor() { this.other = null; this.onmessage = null; }
    postMessage(data) { setTimeout(() => this.other.onmessage?.({ data }), 0); }
    addEventListener(type, listener) { if (type === 'message') this.onmessage = listener; }
    removeEventListener() { this.onmessage = null; }
    start() {}
    close() { this.onmessage = null; }
  }
  class TimerMessageChannel {
    constructor() {
      this.port1 = new TimerPort();
      this.port2 = new TimerPort();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
}
// jsdom has no matchMedia: no query matches (a wide screen for the narrow query). A test may make
// the window another width (`windowOf` of @portal/shared/ui/testing); the next test starts wide again.
const noQueryMatches = (query) => ({
  matches: false, media: query, onchange: null,
  addListener: () => {}, removeListener: () => {},
  addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
});
window.matchMedia = noQueryMatches;
afterEach(() => { window.matchMedia = noQueryMatches; });
// jsdom computes no pseudo-element's style and says so on the console with a long stack (rc-table
// measures the scroll bar's, antd's modal too): the element's own style answers instead.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => computedStyle(element);
if (!window.ResizeObserver) {
  window.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
if (!('Request' in globalThis)) {
  // The data router makes a Request for each navigation (for loaders, which we do not use) and
  // jsdom has none; Node's own refuses jsdom's AbortSignal. It reads the address, method and signal.
  class NavigationRequest {
    constructor(input, init = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

// antd writes each component's CSS-in-JS styles into the document on its first render: in jsdom,
// which applies no layout, that was most of a screen test's time (a form's suite 27 s → 4 s without
// it). Component tests judge behaviour through roles, names and state; how screens look is judged
// in Chromium. Tokens and class names stay as they are.
jest.mock('@ant-design/cssinjs', () => ({
  ...jest.requireActual('@ant-design/cssinjs'),
  useStyleRegister: () => (node) => node,
}));

// findBy… and waitFor wait for a condition; on 2 busy cores a debounced search or a lazy chunk can
// take more than the library's 1 s to show, so they wait up to 10 s (they end as soon as the
// condition holds, and the test's own 30 s stays the ceiling).
configure({ asyncUtilTimeout: 10_000 });
