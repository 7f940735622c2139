// The orders remote's contract with the host (design §3): its routes and slices; its menu is data,
// src/menu.json, published in its mf-manifest.json by the build. Each screen is its own chunk. The
// cart and quick order fill the shared cart slice (spec §4), always in the store.
import { lazy } from 'react';
import type { RemoteModule } from '@portal/shared';
import { deletionRequestListArea, pendingRequestsArea } from './features/deletion-requests/deletion-requests-slice';
import { ordersArea } from './features/orders/orders-slice';
import { shippingListArea } from './features/shipping/shipping-slice';
import './translations';

const OrdersList = lazy(() => import('./features/orders/list'));
const OrderShow = lazy(() => import('./features/orders/show'));
const CartScreen = lazy(() => import('./features/cart/cart-screen'));
const QuickOrderScreen = lazy(() => import('./features/quick-order/quick-order-screen'));
const ShippingList = lazy(() => import('./features/shipping/list'));
const DeletionRequestList = lazy(() => import('./features/deletion-requests/list'));

const ordersModule: RemoteModule = {
  name: 'orders',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [
    { index: true, element: <OrdersList /> },
    { path: ':id', element: <OrderShow /> },
    { path: 'cart', element: <CartScreen /> },
    { path: 'quick', element: <QuickOrderScreen /> },
    { path: 'shipping', element: <ShippingList /> },
    { path: 'deletion-requests', element: <DeletionRequestList /> },
  ],
  slices: [ordersArea.slice, shippingListArea.slice, deletionRequestListArea.slice, pendingRequestsArea.slice],
};

export default ordersModule;
