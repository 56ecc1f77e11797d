import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { shopperKeys } from './b2c.queries';

/** A status change or an invitation shows on the list and its summary cards: each write marks them stale. */
function useShopperWrite() {
  const queryClient = useQueryClient();
  return { onSuccess: () => queryClient.invalidateQueries({ queryKey: shopperKeys.lists }) };
}

/** PUT /b2c/shoppers/{id}/status (setShopperStatus): suspending signs the shopper out at once. */
export function useSetShopperStatus() {
  return $api.useMutation('put', '/b2c/shoppers/{id}/status', useShopperWrite());
}

/** POST /users/invite (inviteUser): a guest is invited to open an account under the email they ordered with. */
export function useInviteGuest() {
  return $api.useMutation('post', '/users/invite', useShopperWrite());
}
