import { addToCart, type CartItem, cartStore } from '../../lib/cart-store';
import type { CustomerSession } from '../../lib/session';
import { CART_OWNER_KEY } from '../../lib/storage-keys';
import { settingsStore } from '../settings/settings-store';
import { fetchServerCart, mergeServerCart, saveServerCart } from './api/server-cart';

/** Changes in quick succession (a quantity stepped up five times) are saved once. */
export const SAVE_DELAY_MS = 800;

const keyOf = (item: Pick<CartItem, 'id' | 'sku_id'>) => `${item.id} ${item.sku_id}`;

function readOwner(): string | null {
  try {
    return localStorage.getItem(CART_OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(username: string): void {
  try {
    localStorage.setItem(CART_OWNER_KEY, username);
  } catch (error) {
    console.warn('Could not remember whose cart this is', error);
  }
}

/** The device's cart was filled from a server cart by a reminder's link: whoever signs in next, it is not new. */
const FROM_SERVER = '\u0000recovered';

/** Fills the device's cart with a cart a reminder's link restored (a signed-in shopper's sync then saves it). */
export function adoptRecoveredCart(items: CartItem[]): void {
  writeOwner(FROM_SERVER);
  cartStore.set({ ...cartStore.get(), items });
}

/**
 * What the device holds beyond the server's cart: all of it for a shopper this device never kept a cart for,
 * else only lines (or extra units) added on this device since, so signing back in counts nothing twice.
 */
function beyond(device: CartItem[], server: CartItem[]): CartItem[] {
  const kept = new Map(server.map((item) => [keyOf(item), item.quantity]));
  return device.flatMap((item) => {
    const extra = item.quantity - (kept.get(keyOf(item)) ?? 0);
    return extra > 0 ? [{ ...item, quantity: extra }] : [];
  });
}

/**
 * Keeps a signed-in shopper's cart on the server: at sign-in the device's cart is merged into theirs (the server
 * adds quantities up and drops what cannot be bought) and the device shows the result; every later change is
 * saved, shortly after it is made. Guests' carts stay on the device only, as before.
 */
export function startCartSync(session: CustomerSession): () => void {
  let syncedFor: string | null = null;
  let applying = false;
  // While the carts are joined nothing is saved: a save landing before the merge would be merged again.
  let joins = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const currency = () => settingsStore.get().currency;

  function apply(items: CartItem[]) {
    applying = true;
    try {
      cartStore.set({ ...cartStore.get(), items });
    } finally {
      applying = false;
    }
  }

  async function join(username: string) {
    const device = cartStore.get().items;
    joins += 1;
    let joined: CartItem[];
    try {
      const owner = readOwner();
      joined =
        owner === username || owner === FROM_SERVER
          ? await mergeServerCart(beyond(device, await fetchServerCart(currency())), currency())
          : await mergeServerCart(device, currency());
    } catch (error) {
      console.warn('Could not bring the cart together with the account', error);
      return;
    } finally {
      joins -= 1;
    }
    if (session.getUser()?.username !== username) return;
    writeOwner(username);
    // What the shopper added while the carts were being joined (on a page that had just opened) is added to
    // the joined cart, not lost under it; adding it saves it as any later change is saved.
    const meanwhile = beyond(cartStore.get().items, device);
    apply(joined);
    for (const item of meanwhile) addToCart(item);
  }

  function onSession() {
    const name = session.getUser()?.username ?? null;
    if (name === syncedFor) return;
    syncedFor = name;
    clearTimeout(timer);
    if (name) void join(name);
  }

  const stopSession = session.subscribe(onSession);
  const stopCart = cartStore.subscribe(() => {
    if (applying || joins > 0 || !session.isSignedIn() || syncedFor === null) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      saveServerCart(cartStore.get().items, currency()).catch((error: unknown) =>
        console.warn('Could not save the cart to the account', error),
      );
    }, SAVE_DELAY_MS);
  });
  onSession();
  return () => {
    clearTimeout(timer);
    stopSession();
    stopCart();
  };
}
