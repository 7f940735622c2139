// The catalogue's API paths that more than one feature reads.

/** Every product (staff, design §4). */
export const PRODUCTS_PATH = '/api/products/';
/** Products with the dealer's price (dealers only, design §4). */
export const DEALER_PRODUCTS_PATH = '/api/dp/';
/** Stock by product and warehouse. */
export const STORE_ITEMS_PATH = '/api/storeitems/';
