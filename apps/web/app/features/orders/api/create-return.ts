import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnCreateResponse, ReturnReason } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { ordersQueryOptions } from './get-orders.ts';
import { rereadAfterWrite } from '../../../lib/reread-after-write.ts';

export interface ReturnInput {
  orderId: number;
  reason: ReturnReason | '';
  comment: string;
  detailIds: number[];
  images: File[];
}

/** POST return-request-create, multipart: orderId, reason, comment, images[i], detailIds[i]. */
export function createReturn(input: ReturnInput): Promise<ReturnCreateResponse> {
  const form = new FormData();
  form.append('orderId', String(input.orderId));
  form.append('reason', input.reason);
  form.append('comment', input.comment);
  input.detailIds.forEach((id, i) => form.append(`detailIds[${i}]`, String(id)));
  input.images.forEach((file, i) => form.append(`images[${i}]`, file, file.name));
  return api.returnRequestCreate({ form });
}

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () => rereadAfterWrite(queryClient, ordersQueryOptions().queryKey),
  });
}
