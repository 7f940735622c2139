// The orders remote's words (namespace `orders`), in Russian and English.
import './features/cart/translations';
import './features/deletion-requests/translations';
import './features/orders/translations';
import './features/quick-order/translations';
import './features/shipping/translations';
