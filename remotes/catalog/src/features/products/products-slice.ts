import { createCrudArea } from '@portal/shared';
import { PRODUCTS_PATH } from '../../components/catalog-paths';

/** Every product, inactive ones too (staff). */
export const productsArea = createCrudArea({ name: 'catalogProducts', path: PRODUCTS_PATH });
