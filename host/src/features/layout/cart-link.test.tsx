import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { addToCart, emptyCart, setLanguage } from '@portal/shared';
import { renderAt } from '../../test/render';
import type { PlacedEntry } from '../menu/menu-entries';
import { CartLink } from './cart-link';

const cartEntry: PlacedEntry = { key: 'cart', label: { ru: 'Корзина', en: 'Cart' }, path: 'cart', roles: ['dealer'], remote: 'orders', to: '/orders/cart' };
const pump = { product: 1, sku: 'НС-ВХР-01', name: 'Насос', price: '1250.00', quantity: 2 };

afterEach(() => { localStorage.clear(); setLanguage('ru'); });

it('leads to the cart and says how many units are in it; the count follows the cart', async () => {
  const { store } = renderAt('/', <Routes><Route path="/" element={<CartLink entry={cartEntry} />} /></Routes>);
  const link = screen.getByRole('link', { name: 'Корзина пуста' });
  expect(link).toHaveAttribute('href', '/orders/cart');
  expect(link).toHaveTextContent('');
  act(() => { store.dispatch(addToCart(pump)); store.dispatch(addToCart({ ...pump, product: 2, quantity: 1 })); });
  expect(screen.getByRole('link', { name: 'Корзина: 3 шт.' })).toHaveTextContent('3');
  act(() => { setLanguage('en'); });
  expect(screen.getByRole('link', { name: 'Cart: 3 units' })).toBeInTheDocument();
  act(() => { store.dispatch(emptyCart()); });
  expect(screen.getByRole('link', { name: 'The cart is empty' })).toBeInTheDocument();
});

it('opens the cart on click, and asks for its remote ahead of the click on hover', async () => {
  const intent = jest.fn();
  renderAt('/', <Routes><Route path="/" element={<CartLink entry={cartEntry} onIntent={intent} />} /></Routes>);
  await userEvent.hover(screen.getByRole('link', { name: 'Корзина пуста' }));
  expect(intent).toHaveBeenCalledWith('orders');
  await userEvent.click(screen.getByRole('link', { name: 'Корзина пуста' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/orders/cart');
});

it('without a cart entry (staff, or no orders remote) there is no icon', () => {
  renderAt('/', <Routes><Route path="/" element={<CartLink entry={undefined} />} /></Routes>);
  expect(screen.queryByRole('link')).toBeNull();
});
