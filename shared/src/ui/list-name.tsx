// The API list's name of an area's path, as saved views name their list (design §6 `?list=`).

/** `/api/orders/` → `orders`; null for any other path (an item's sub-list, a screen's address). */
export function listNameOf(path: string): string | null {
  return /^\/api\/([a-z_]+)\/$/.exec(path)?.[1] ?? null;
}
