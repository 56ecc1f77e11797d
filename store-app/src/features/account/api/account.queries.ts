import { $api } from '../../../lib/api';

/** Total Orders, Pending Delivery and Wishlist Items, counted by the server. */
export const overviewQueryOptions = () => $api.queryOptions('get', '/user/overview');

/** The settings kept with the account, notifications included. */
export const accountSettingsQueryOptions = () => $api.queryOptions('get', '/user/settings');
