// The catalogue's API paths that more than one feature reads (literal types: areas and typed calls
// take their items and bodies from them).

/** Every product (staff, design §4). */
export const PRODUCTS_PATH = '/api/products/' as const;
/** Products with the dealer's price (dealers only, design §4). */
export const DEALER_PRODUCTS_PATH = '/api/dp/' as const;
/** Stock by product and warehouse. */
export const STORE_ITEMS_PATH = '/api/storeitems/' as const;
