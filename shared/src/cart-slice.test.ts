import { createApiClient } from './api-client';
import { addToCart, cartTotal, emptyCart, removeFromCart, selectCart, selectCartCount, selectCartError, setCartQuantity } from './cart-slice';
import { createPortalStore } from './store';
import { memoryTokenStore, stubServer } from './test-helpers';

const api = createApiClient({ baseURL: '', adapter: stubServer(() => ({ status: 200 })).adapter, tokens: memoryTokenStore() });
const pump = { product: 1, sku: 'P-1', name: 'Насос', price: '1250.00', quantity: 1 };
const valve = { product: 2, sku: 'V-2', name: 'Клапан', price: '99.90', quantity: 3 };
const hose = { product: 3, sku: 'H-3', name: 'Шланг', price: '10.05', quantity: 2 };

function newStore() {
  return createPortalStore({ api });
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('Cart (spec §4)', () => {
  it('Cart: add appends a line and keeps it under cart', () => {
    const store = newStore();
    store.dispatch(addToCart(pump));
    store.dispatch(addToCart(valve));
    expect(selectCart(store.getState())).toEqual([pump, valve]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([pump, valve]);
    store.dispose();
  });

  it('adding the same product again adds to its quantity', () => {
    const store = newStore();
    store.dispatch(addToCart(pump));
    store.dispatch(addToCart({ ...pump, quantity: 4 }));
    expect(selectCart(store.getState())).toEqual([{ ...pump, quantity: 5 }]);
    expect(selectCartCount(store.getState())).toBe(5);
    store.dispose();
  });

  it('Cart: remove by index', () => {
    const store = newStore();
    [pump, valve, hose].forEach((item) => store.dispatch(addToCart(item)));
    store.dispatch(removeFromCart(1));
    expect(selectCart(store.getState())).toEqual([pump, hose]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([pump, hose]);
    store.dispatch(removeFromCart(7));
    expect(selectCart(store.getState())).toEqual([pump, hose]);
    store.dispose();
  });

  it('a line\'s quantity is set by its index; only whole numbers from 1 to the API\'s limit are taken', () => {
    const store = newStore();
    [pump, valve].forEach((item) => store.dispatch(addToCart(item)));
    store.dispatch(setCartQuantity({ index: 1, quantity: 10 }));
    expect(selectCart(store.getState())).toEqual([pump, { ...valve, quantity: 10 }]);
    expect(selectCartCount(store.getState())).toBe(11);
    // Kept in the browser at once: a reload right after editing a quantity keeps it.
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([pump, { ...valve, quantity: 10 }]);
    for (const quantity of [0, -2, 2.5, Number.NaN, 1_000_001]) store.dispatch(setCartQuantity({ index: 0, quantity }));
    store.dispatch(setCartQuantity({ index: 5, quantity: 3 }));
    store.dispatch(setCartQuantity({ index: -1, quantity: 3 }));
    expect(selectCart(store.getState())).toEqual([pump, { ...valve, quantity: 10 }]);
    store.dispose();
  });

  it('Cart: empty', () => {
    const store = newStore();
    [pump, valve].forEach((item) => store.dispatch(addToCart(item)));
    store.dispatch(emptyCart());
    expect(selectCart(store.getState())).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([]);
    store.dispose();
  });

  it('Cart: read gives what the browser kept', () => {
    localStorage.setItem('cart', JSON.stringify([valve, { junk: true }]));
    const store = newStore();
    expect(selectCart(store.getState())).toEqual([valve]);
    store.dispose();
  });

  it('a failed write to browser storage is reported as the cart\'s error', () => {
    const store = newStore();
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new DOMException('full', 'QuotaExceededError'); });
    expect(() => store.dispatch(addToCart(pump))).not.toThrow();
    expect(selectCartError(store.getState())).toBe('Не удалось сохранить данные в браузере.');
    expect(selectCart(store.getState())).toEqual([pump]);
    store.dispose();
  });

  it('the total is summed in kopecks', () => {
    expect(cartTotal([pump, valve, hose])).toBe('1569.80');
    expect(cartTotal([])).toBe('0.00');
  });
});
