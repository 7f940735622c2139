import { createApiClient } from './api-client';
import {
  addStep, changeStep, clearSteps, removeStep, selectCalculatorError, selectCurrentStep, selectSteps, setCurrentStep,
} from './calculator-slice';
import { createPortalStore } from './store';
import { memoryTokenStore, stubServer } from './test-helpers';
import type { CalculatorStep } from './types';

const api = createApiClient({ baseURL: '', adapter: stubServer(() => ({ status: 200 })).adapter, tokens: memoryTokenStore() });
const category = { key: 'category', value: 'pumps', label: 'Насосы' };
const product = { key: 'product', value: 12, label: 'Насос ЦН-12' };
const quantity = { key: 'quantity', value: { quantity: 3, options: ['frost'] }, label: '3 шт.' };
const other = { key: 'category', value: 'valves', label: 'Клапаны' };

function withSteps(...steps: CalculatorStep[]) {
  const store = createPortalStore({ api });
  steps.forEach((step) => store.dispatch(addStep(step)));
  return store;
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('Calculator (spec §4)', () => {
  it('Add appends a step', () => {
    const store = withSteps(category, product);
    expect(selectSteps(store.getState())).toEqual([category, product]);
    expect(selectCurrentStep(store.getState())).toBe(2);
    expect(JSON.parse(localStorage.getItem('steps')!)).toEqual([category, product]);
    store.dispose();
  });

  it('Change at an index replaces that step and discards all later steps', () => {
    const store = withSteps(category, product, quantity);
    store.dispatch(changeStep({ index: 0, step: other }));
    expect(selectSteps(store.getState())).toEqual([other]);
    expect(selectCurrentStep(store.getState())).toBe(1);
    expect(JSON.parse(localStorage.getItem('steps')!)).toEqual([other]);
    store.dispose();
  });

  it('changing the last step keeps the earlier ones', () => {
    const store = withSteps(category, product);
    store.dispatch(changeStep({ index: 1, step: { ...product, value: 13 } }));
    expect(selectSteps(store.getState())).toEqual([category, { ...product, value: 13 }]);
    store.dispose();
  });

  it('Remove deletes one step by index', () => {
    const store = withSteps(category, product, quantity);
    store.dispatch(removeStep(1));
    expect(selectSteps(store.getState())).toEqual([category, quantity]);
    expect(JSON.parse(localStorage.getItem('steps')!)).toEqual([category, quantity]);
    store.dispose();
  });

  it('Clear empties the list', () => {
    const store = withSteps(category, product);
    store.dispatch(clearSteps());
    expect(selectSteps(store.getState())).toEqual([]);
    expect(selectCurrentStep(store.getState())).toBe(0);
    expect(JSON.parse(localStorage.getItem('steps')!)).toEqual([]);
    store.dispose();
  });

  it('holds a current step index', () => {
    const store = withSteps(category, product, quantity);
    store.dispatch(setCurrentStep(1));
    expect(selectCurrentStep(store.getState())).toBe(1);
    store.dispatch(setCurrentStep(99));
    expect(selectCurrentStep(store.getState())).toBe(3);
    store.dispatch(setCurrentStep(-4));
    expect(selectCurrentStep(store.getState())).toBe(0);
    store.dispose();
  });

  it('steps survive a reload', () => {
    withSteps(category, product).dispose();
    const store = createPortalStore({ api });
    expect(selectSteps(store.getState())).toEqual([category, product]);
    store.dispose();
  });

  it('Failed deletion of a calculator step: only written to the console, not shown to the user (invalid index)', () => {
    const store = withSteps(category);
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    store.dispatch(removeStep(5));
    expect(log).toHaveBeenCalledTimes(1);
    expect(selectSteps(store.getState())).toEqual([category]);
    expect(selectCalculatorError(store.getState())).toBeNull();
    store.dispose();
  });

  it('Failed deletion of a calculator step: only written to the console, not shown to the user (storage failure)', () => {
    const store = withSteps(category, product);
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new Error('disabled'); });
    expect(() => store.dispatch(removeStep(0))).not.toThrow();
    expect(log).toHaveBeenCalledTimes(1);
    expect(selectSteps(store.getState())).toEqual([product]);
    expect(selectCalculatorError(store.getState())).toBeNull();
    store.dispose();
  });

  it('a failed write to browser storage is reported as the error', () => {
    const store = createPortalStore({ api });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new Error('disabled'); });
    store.dispatch(addStep(category));
    expect(selectCalculatorError(store.getState())).toBe('Не удалось сохранить данные в браузере.');
    store.dispose();
  });
});
