import { createCrudArea } from '@portal/shared';
import { STORE_ITEMS_PATH } from '../../components/catalog-paths';

/** Stock by product and warehouse (staff: «Склад»); spec §7: a store item is created at its own address. */
export const storeItemsArea = createCrudArea({ name: 'catalogStoreItems', path: STORE_ITEMS_PATH, createPath: '/api/storeitem/create/' });
