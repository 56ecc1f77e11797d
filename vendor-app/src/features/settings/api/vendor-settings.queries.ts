import { $api } from '../../../lib/api';

/** The only home of the Settings screen's query options; the shell reads the same key for the store's name. */
export const vendorSettingsQueries = {
  store: () => $api.queryOptions('get', '/vendor/me'),
};
