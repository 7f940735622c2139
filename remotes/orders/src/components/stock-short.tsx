// What is short of an order's line (issue 18 item 4): «Доступно 26 шт.: остальное — под заказ» in
// the cart and at checkout, and the shortage of each line of a new order for the manager before
// «Подтвердить». Counts grouped as the language writes them.
export { formatCount } from '@portal/shared/ui/format';
export { ShortNote, shortBy, unitAfterCount } from '@portal/shared/ui/short-note';
