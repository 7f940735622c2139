import { createCrudArea } from '@portal/shared';
import { DEALER_PRODUCTS_PATH } from '../../components/catalog-paths';

/** The active products with the dealer's price after its group's discount (design §4: dealers only). */
export const dealerProductsArea = createCrudArea({ name: 'catalogDealerProducts', path: DEALER_PRODUCTS_PATH });
