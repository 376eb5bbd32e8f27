import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface EnquiryInput {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export interface EnquiryAnswer {
  message?: string;
}

/** POST /api/enquiry: the footer's enquiry form. */
export function sendEnquiry(input: EnquiryInput): Promise<EnquiryAnswer> {
  return api<EnquiryAnswer>('enquiry', { method: 'POST', body: input });
}

export function useSendEnquiry() {
  return useMutation({ mutationKey: ['enquiry'], mutationFn: sendEnquiry });
}
