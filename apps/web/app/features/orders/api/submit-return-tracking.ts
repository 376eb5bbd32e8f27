import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnTrackingBody, ReturnTrackingResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { ordersQueryOptions } from './get-orders.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

/** POST return-request-tracking-details-submit {returnId, courierId, trackingNumber}: only while the return is Approved. */
export function submitReturnTracking(body: ReturnTrackingBody): Promise<ReturnTrackingResponse> {
  return api.returnTracking({ body });
}

/** On success the order is loaded again, to show the return's new details. */
export function useSubmitReturnTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReturnTracking,
    onSuccess: () => rereadAfterWrite(queryClient, ordersQueryOptions().queryKey),
  });
}
