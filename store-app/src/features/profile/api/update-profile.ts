import { unwrap } from '@shop/sdk/client';
import type { components } from '@shop/sdk/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { profileQueryOptions } from './profile.queries';

type UpdateProfileBody = components['schemas']['UpdateProfileRequest'];

/** The answer is the updated profile, so it replaces the cached one without another request. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => unwrap(api.PUT('/user/profile', { body })),
    onSuccess: (envelope) => queryClient.setQueryData(profileQueryOptions().queryKey, envelope),
  });
}
