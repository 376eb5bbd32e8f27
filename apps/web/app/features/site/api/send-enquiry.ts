import { useMutation } from '@tanstack/react-query';
import type { EnquiryBody, EnquiryResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';

export type EnquiryInput = EnquiryBody;

/** POST /api/enquiry: the footer's enquiry form. */
export function sendEnquiry(input: EnquiryInput): Promise<EnquiryResponse> {
  return api.enquiry({ body: input });
}

export function useSendEnquiry() {
  return useMutation({ mutationKey: ['enquiry'], mutationFn: sendEnquiry });
}
