import { unwrap } from '@shop/sdk/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApplyBody } from '../schemas/apply.schema';

/** POST /vendor/apply (applyVendor): blank optional fields are left out rather than sent empty. */
function applyVendor(values: ApplyBody) {
  const { phone, address, description, ...required } = values;
  return unwrap(
    api.POST('/vendor/apply', {
      body: {
        ...required,
        ...(phone ? { phone } : {}),
        ...(address ? { address } : {}),
        ...(description ? { description } : {}),
      },
    }),
  );
}

export function useApplyVendor() {
  return useMutation({ mutationFn: applyVendor });
}
