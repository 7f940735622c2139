// The browser-side cart (spec §3, §4): a list of order lines kept under `cart`. The store writes it
// to storage after every change; a failed write lands here as the cart's error (spec §8).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from './auth-slice';
import { readStorage, STORAGE_KEYS } from './storage';
import type { CartItem } from './types';

/** The most of one product an order line takes (the API's MAX_LINE_QUANTITY, a 400 beyond it). */
export const MAX_LINE_QUANTITY = 1_000_000;

export interface CartState {
  items: CartItem[];
  error: string | null;
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return typeof value === 'object' && value !== null && typeof item.product === 'number'
    && typeof item.quantity === 'number' && typeof item.price === 'string';
}

export function initialCartState(): CartState {
  const stored = readStorage<unknown>(STORAGE_KEYS.cart, []);
  return { items: Array.isArray(stored) ? stored.filter(isCartItem) : [], error: null };
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** Adds a line; the same product again adds to that line's quantity. */
    addToCart(state, action: PayloadAction<CartItem>) {
      const existing = state.items.find((item) => item.product === action.payload.product);
      if (existing) existing.quantity += action.payload.quantity;
      else state.items.push({ ...action.payload });
      state.error = null;
    },
    removeFromCart(state, action: PayloadAction<number>) {
      const index = action.payload;
      if (Number.isInteger(index) && index >= 0 && index < state.items.length) state.items.splice(index, 1);
      state.error = null;
    },
    /**
     * Sets the quantity of the line at `index` (the cart screen's spinbutton). A whole number from 1
     * to MAX_LINE_QUANTITY only: taking a line out is removeFromCart's, so a cleared field never drops a line.
     */
    setCartQuantity(state, action: PayloadAction<{ index: number; quantity: number }>) {
      const { index, quantity } = action.payload;
      const line = Number.isInteger(index) ? state.items[index] : undefined;
      if (line && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY) line.quantity = quantity;
      state.error = null;
    },
    emptyCart(state) {
      state.items = [];
      state.error = null;
    },
    cartStorageFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, (state) => {
      state.items = [];
      state.error = null;
    });
  },
  selectors: {
    selectCart: (state) => state.items,
    selectCartError: (state) => state.error,
    selectCartCount: (state) => state.items.reduce((sum, item) => sum + item.quantity, 0),
  },
});

export const { addToCart, removeFromCart, setCartQuantity, emptyCart, cartStorageFailed } = cartSlice.actions;
export const { selectCart, selectCartError, selectCartCount } = cartSlice.selectors;

/** The cart total as a decimal string with two places, summed in kopecks to avoid float error. */
export function cartTotal(items: CartItem[]): string {
  const cents = items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100) * item.quantity, 0);
  return (cents / 100).toFixed(2);
}
