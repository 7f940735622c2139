// What antd, React Router and react-redux expect of a browser and jsdom lacks.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { MessageChannel } from 'node:worker_threads';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!('MessageChannel' in globalThis)) Object.assign(globalThis, { MessageChannel });
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {},
    addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
}
