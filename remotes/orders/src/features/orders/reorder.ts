// «Повторить заказ»: the order's lines go to the cart at the dealer's price of today, each product
// looked up on `/api/dp/<id>/`; a product gone (404) or no longer active is named and left out.
import type { CartItem, Order } from '@portal/shared';
import { currentProduct } from './api';

export interface ReorderResult {
  /** The lines to add to the cart, at today's dealer price. */
  lines: CartItem[];
  /** The names of the products no longer sold, as the order shows them. */
  unavailable: string[];
}

export async function reorderLines(order: Order): Promise<ReorderResult> {
  const products = await Promise.all(order.items.map((line) => currentProduct(line.product)));
  const lines: CartItem[] = [];
  const unavailable: string[] = [];
  order.items.forEach((line, index) => {
    const product = products[index];
    if (!product) unavailable.push(line.name);
    else lines.push({ product: product.id, sku: product.sku, name: product.name, price: product.dealer_price, quantity: line.quantity });
  });
  return { lines, unavailable };
}
