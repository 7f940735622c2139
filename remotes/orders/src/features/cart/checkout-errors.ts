// A refused checkout (design §6: {message, code, fields}, as the orders area's create tells it: its
// message and the first message of each field) sorted for the cart: a field named after a line
// (`items.2.product`, `items.2.quantity`) is that line's, anything else (`total` for the minimum,
// `comment`, `document`) is the order's and stands above the cart.

export interface CheckoutErrors {
  /** The order's message: the server's, or the words of a failure below HTTP. */
  message: string;
  /** Per line index, what the server said of it. */
  lines: Record<number, string>;
  /** Messages of the order's other fields that differ from `message`. */
  other: string[];
}

const LINE_FIELD = /^items\.(\d+)(?:\.|$)/;

export function checkoutErrors(message: string, fields: Record<string, string>, lineCount: number): CheckoutErrors {
  const lines: Record<number, string> = {};
  const other: string[] = [];
  for (const [field, text] of Object.entries(fields)) {
    const match = LINE_FIELD.exec(field);
    const index = match ? Number(match[1]) : -1;
    if (index >= 0 && index < lineCount) lines[index] ??= text;
    else if (text !== message && !other.includes(text)) other.push(text);
  }
  return { message, lines, other };
}
