import { act, renderHook } from '@testing-library/react';
import { usePrefersReducedMotion } from './reduced-motion';

/** A matchMedia whose «reduce motion» answer the test sets and changes, telling listeners as a browser does. */
function systemSetting(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() { return query === '(prefers-reduced-motion: reduce)' && matches; },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(value: boolean) { matches = value; listeners.forEach((listener) => listener()); },
    listening: () => listeners.size,
  };
}

const original = window.matchMedia;
afterEach(() => { window.matchMedia = original; });

test('follows the system setting, and its changes while the cabinet is open', () => {
  const setting = systemSetting(false);
  const { result, unmount } = renderHook(() => usePrefersReducedMotion());
  expect(result.current).toBe(false);
  act(() => setting.set(true));
  expect(result.current).toBe(true);
  act(() => setting.set(false));
  expect(result.current).toBe(false);
  unmount();
  expect(setting.listening()).toBe(0);
});

test('a browser without matchMedia keeps the animations', () => {
  window.matchMedia = undefined as unknown as typeof window.matchMedia;
  const { result } = renderHook(() => usePrefersReducedMotion());
  expect(result.current).toBe(false);
});
