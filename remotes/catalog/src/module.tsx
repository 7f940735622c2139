// The catalog remote's contract with the host (design §3): its routes and slices; its menu is
// data, src/menu.json, published in its mf-manifest.json by the build. /catalog and a product's
// page are the dealer's catalogue (/api/dp/) or the staff product list (/api/products/), by the
// user's is_staff (design §4). Each screen is its own chunk; the remote's words are in translations.ts.
import { lazy } from 'react';
import { selectIsStaff, useAppSelector, type RemoteModule } from '@portal/shared';
import { dealerProductsArea } from './features/dealer-products/dealer-products-slice';
import { productsArea } from './features/products/products-slice';
import { storeItemsArea } from './features/store-items/store-items-slice';
import './translations';

const DealerCatalogue = lazy(() => import('./features/dealer-products/list'));
const DealerProductShow = lazy(() => import('./features/dealer-products/show'));
const ProductsList = lazy(() => import('./features/products/list'));
const ProductShow = lazy(() => import('./features/products/show'));
const ProductCreate = lazy(() => import('./features/products/create'));
const ProductEdit = lazy(() => import('./features/products/edit'));
const Calculator = lazy(() => import('./features/calculator/calculator'));
const StockList = lazy(() => import('./features/store-items/list'));
const StoreItemCreate = lazy(() => import('./features/store-items/create'));
const StoreItemEdit = lazy(() => import('./features/store-items/edit'));

/** /catalog: «Каталог» at the dealer's prices, or every product for staff. */
function CatalogHome() {
  return useAppSelector(selectIsStaff) ? <ProductsList /> : <DealerCatalogue />;
}

/** /catalog/products/:id: the dealer's product page, or the staff one with its changes. */
function ProductPage() {
  return useAppSelector(selectIsStaff) ? <ProductShow /> : <DealerProductShow />;
}

const catalogModule: RemoteModule = {
  name: 'catalog',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [
    { index: true, element: <CatalogHome /> },
    { path: 'products/new', element: <ProductCreate /> },
    { path: 'products/:id', element: <ProductPage /> },
    { path: 'products/:id/edit', element: <ProductEdit /> },
    { path: 'calculator', element: <Calculator /> },
    { path: 'stock', element: <StockList /> },
    { path: 'stock/new', element: <StoreItemCreate /> },
    { path: 'stock/:id/edit', element: <StoreItemEdit /> },
  ],
  slices: [dealerProductsArea.slice, productsArea.slice, storeItemsArea.slice],
};

export default catalogModule;
