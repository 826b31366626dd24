/** Order search (spec §5): a case-insensitive, trimmed substring match on the order number. */
import type { Order } from '@storefront/shared/orders';

export function filterOrders(orders: readonly Order[], search: string): Order[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...orders];
  return orders.filter((order) => order.mkpOrderId.toLowerCase().includes(needle));
}
