import { unwrap } from '@shop/sdk/client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The signed-in shopper's profile; the overview and the edit form share this one key. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: ({ signal }) => unwrap(api.GET('/user/profile', { signal })),
  });
