import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { disputeKeys } from './disputes.queries';

/** Spec 2 §4: the list (and with it the counts and the open dispute) reloads after each change. */
function invalidateDisputes(queryClient: QueryClient) {
  return Promise.all(
    [disputeKeys.lists, disputeKeys.details, disputeKeys.stats].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

function useDisputeWrite() {
  const queryClient = useQueryClient();
  return { onSuccess: () => invalidateDisputes(queryClient) };
}

/** PUT /dispute/{id}/status (updateDisputeStatus): a status, and with `resolved` the resolution. */
export function useUpdateDisputeStatus() {
  return $api.useMutation('put', '/dispute/{id}/status', useDisputeWrite());
}

/** PUT /dispute/{id}/priority (setDisputePriority). */
export function useSetDisputePriority() {
  return $api.useMutation('put', '/dispute/{id}/priority', useDisputeWrite());
}

/** POST /dispute/{id}/messages (addDisputeMessage): staff post as the support side. */
export function useAddDisputeMessage() {
  return $api.useMutation('post', '/dispute/{id}/messages', useDisputeWrite());
}
