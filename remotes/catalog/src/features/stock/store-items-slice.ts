import { createCrudArea, type StoreItem } from '@portal/shared';
import { STORE_ITEMS_PATH } from '../../components/catalog-paths';

/** Spec §7: a store item is created at its own address. */
export const STORE_ITEM_CREATE_PATH = '/api/storeitem/create/';

/** Stock by product and warehouse (staff: «Склад»). */
export const storeItemsArea = createCrudArea<StoreItem>({ name: 'catalogStoreItems', path: STORE_ITEMS_PATH, createPath: STORE_ITEM_CREATE_PATH });
