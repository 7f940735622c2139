import { createCrudArea, type Product } from '@portal/shared';

export const PRODUCTS_PATH = '/api/products/';

/** Every product, inactive ones too (staff). */
export const productsArea = createCrudArea<Product>({ name: 'catalogProducts', path: PRODUCTS_PATH });
