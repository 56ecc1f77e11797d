import { unwrap } from '@shop/sdk/client';
import type { RequestBody, SuccessBody } from '@shop/sdk/types';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { disputeQueryKeys } from './disputes.queries';

type DisputeEnvelope = SuccessBody<'getDispute'>;
type DisputeListEnvelope = SuccessBody<'listMyDisputes'>;

/** The answer is the dispute as it now stands: show it at once, then reload the list and the stat cards. */
function showDispute(queryClient: QueryClient, envelope: DisputeEnvelope) {
  queryClient.setQueryData(disputeQueryKeys.one(envelope.data._id), envelope);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: disputeQueryKeys.list }),
    queryClient.invalidateQueries({ queryKey: disputeQueryKeys.stats }),
  ]);
}

/** POST /dispute/evidence: one picture or PDF as multipart `file`; the server checks its type and size. */
async function uploadEvidence(file: File): Promise<string> {
  const envelope = await unwrap(
    api.POST('/dispute/evidence', {
      body: { file },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        return form;
      },
    }),
  );
  return envelope.data.url;
}

export type NewDispute = Omit<RequestBody<'createDispute'>, 'evidence'> & { files: File[] };

/** Spec §7 POST /dispute: the evidence files are uploaded first, then the dispute names them. */
export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, ...body }: NewDispute) => {
      const evidence: string[] = [];
      for (const file of files) evidence.push(await uploadEvidence(file));
      return unwrap(api.POST('/dispute', { body: { ...body, evidence } }));
    },
    onSuccess: (envelope) => {
      // Spec §7: the created dispute is placed first in the list, before the reload confirms it.
      queryClient.setQueryData<DisputeListEnvelope>(
        disputeQueryKeys.list,
        (current) => current && { ...current, data: [envelope.data, ...current.data] },
      );
      return showDispute(queryClient, envelope);
    },
  });
}

/** Spec §4: after a message is sent the selected dispute shows the thread as the server now has it. */
export function useSendDisputeMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      unwrap(api.POST('/dispute/{id}/messages', { params: { path: { id } }, body: { message } })),
    onSuccess: (envelope) => showDispute(queryClient, envelope),
  });
}

export function useEscalateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/dispute/{id}/escalate', { params: { path: { id } } })),
    onSuccess: (envelope) => showDispute(queryClient, envelope),
  });
}
