/** Spec 3 §9: a return can be asked for within 7 calendar days of delivery (the server holds the same rule). */
export const RETURN_WINDOW_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export function withinReturnWindow(
  order: { isDelivered: boolean; deliveredAt?: string | null },
  now = Date.now(),
) {
  if (!order.isDelivered) return false;
  if (!order.deliveredAt) return true;
  return now - new Date(order.deliveredAt).getTime() <= RETURN_WINDOW_DAYS * DAY_MS;
}
