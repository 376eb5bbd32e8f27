import sharp from 'sharp';
import type { ApiClient, Endpoints } from '@gemstore/contracts/client';
import { apiClient } from './browser.ts';

/** Customers the back-office tests make on the shared server's demo store (localhost), through the storefront API. */

/** The typed client as a signed-in customer (bearer token) of the demo store. */
export function customerApi(token: string): ApiClient<Endpoints> {
  return apiClient('localhost', { token });
}

/** The newest one-time code the development outbox holds for an email or a mobile number. */
export async function latestCode(to: string): Promise<string> {
  const { messages } = await apiClient().outbox({ query: { to } });
  return messages[0]!.code!;
}

/** A new customer, registered with the codes from the outbox, with no address yet: answers their sign-in token. */
export async function registerCustomer(person: { name: string; email: string; phone: string; password: string }): Promise<string> {
  const guest = apiClient();
  const reg = await guest.register({
    body: { name: person.name, country_code: 99, phone: person.phone, email: person.email, password: person.password, password_confirmation: person.password },
  });
  const { token } = await guest.registerOtpVerify({
    body: { userId: reg.userId, regIdPhone: reg.regIdPhone, regIdEmail: reg.regIdEmail, phoneOtp: await latestCode(person.phone), emailOtp: await latestCode(person.email), isPhone: true },
  });
  return token;
}

/** Saves an address in Jaipur (shipping and billing) for the customer: answers its id. */
export async function addJaipurAddress(token: string, person: { name: string; phone: string }): Promise<number> {
  const { address } = await customerApi(token).addressSave({
    body: { address: { name: person.name, phone: person.phone, label: 'Home', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur', address: '4 MI Road', landmark: 'Near the post office', locality: 'Ajmeri Gate', pincode: '302001' } },
  });
  return address.id;
}

/**
 * A new customer, registered with the codes from the outbox, with one address in Jaipur (shipping
 * and billing): answers their sign-in token, the address's id and the typed client as them.
 */
export async function newCustomer(person: { name: string; email: string; phone: string; password: string }): Promise<{ token: string; addressId: number; api: ApiClient<Endpoints> }> {
  const token = await registerCustomer(person);
  return { token, addressId: await addJaipurAddress(token, person), api: customerApi(token) };
}

/** The customer asks to return stones (order lines) of an order, with a reason, a comment and one small photo: answers the return's id. */
export async function requestReturn(token: string, orderId: number, lineIds: number[], { reason, comment }: { reason: string; comment: string }): Promise<number> {
  const form = new FormData();
  form.append('orderId', String(orderId));
  form.append('reason', reason);
  form.append('comment', comment);
  lineIds.forEach((id, i) => form.append(`detailIds[${i}]`, String(id)));
  const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 20, g: 120, b: 60 } } }).jpeg().toBuffer();
  form.append('images[0]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'stone.jpg');
  return (await customerApi(token).returnRequestCreate({ form })).returnRequest.id;
}
