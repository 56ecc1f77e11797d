import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export const orderClaimsQueryOptions = (orderId: string) =>
  $api.queryOptions('get', '/order/{id}/claims', { params: { path: { id: orderId } } });
export const orderParcelsQueryOptions = (orderId: string) =>
  $api.queryOptions('get', '/order/{id}/parcels', { params: { path: { id: orderId } } });

export type ClaimDraft = { kind: 'never_arrived' | 'damaged'; description: string; photos: File[] };

/** POST /parcel-claims/{id}/photos: one picture as multipart `file`. */
function uploadPhoto(claimId: string, file: File) {
  return unwrap(
    api.POST('/parcel-claims/{id}/photos', {
      params: { path: { id: claimId } },
      body: { file },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        return form;
      },
    }),
  );
}

/**
 * Sends the claim, then its photos one at a time: a refused picture names itself in the server's message, and the
 * claim stands either way.
 */
export function useReportProblem(
  orderId: string,
  parcelId: string,
  messages: { sent: string; failed: string; photoFailed: (message: string) => string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: ClaimDraft) => {
      const created = await unwrap(
        api.POST('/order/{id}/parcels/{parcelId}/claims', {
          params: { path: { id: orderId, parcelId } },
          body: { kind: draft.kind, description: draft.description },
        }),
      );
      for (const photo of draft.photos) {
        try {
          await uploadPhoto(created.data._id, photo);
        } catch (error) {
          toast.error(messages.photoFailed(errorMessage(error, photo.name)));
          break;
        }
      }
      return created;
    },
    onSuccess: () => toast.success(messages.sent),
    onError: (error) => toast.error(errorMessage(error, messages.failed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderClaimsQueryOptions(orderId).queryKey }),
  });
}
