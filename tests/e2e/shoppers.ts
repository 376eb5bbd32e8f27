import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { api } from './browser.ts';

/** Customers the back-office tests make on the shared server's demo store (localhost), through the storefront API. */

/** A storefront call as a signed-in customer (bearer token), on the demo store. */
export async function asCustomer<T>(path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${inject('e2ePort')}/api/${path}`, {
    method: 'POST', headers: { domain: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The newest one-time code the development outbox holds for an email or a mobile number. */
export async function latestCode(to: string): Promise<string> {
  const { messages } = await api<{ messages: { code: string | null }[] }>(`dev/outbox?to=${encodeURIComponent(to)}`);
  return messages[0]!.code!;
}

/** A new customer, registered with the codes from the outbox, with no address yet: answers their sign-in token. */
export async function registerCustomer(person: { name: string; email: string; phone: string; password: string }): Promise<string> {
  const reg = await api<{ userId: number; regIdPhone: number; regIdEmail: number }>('register', {
    body: { name: person.name, country_code: 99, phone: person.phone, email: person.email, password: person.password, password_confirmation: person.password },
  });
  const { token } = await api<{ token: string }>('register-otp-verify', {
    body: { userId: reg.userId, regIdPhone: reg.regIdPhone, regIdEmail: reg.regIdEmail, phoneOtp: await latestCode(person.phone), emailOtp: await latestCode(person.email), isPhone: true },
  });
  return token;
}

/** Saves an address in Jaipur (shipping and billing) for the customer: answers its id. */
export async function addJaipurAddress(token: string, person: { name: string; phone: string }): Promise<number> {
  const { address } = await asCustomer<{ address: { id: number } }>('address-save', token, {
    address: { name: person.name, phone: person.phone, label: 'Home', countryId: 'IN', stateId: 'IN-RJ', cityId: 'Jaipur', address: '4 MI Road', landmark: 'Near the post office', locality: 'Ajmeri Gate', pincode: '302001' },
  });
  return address.id;
}

/**
 * A new customer, registered with the codes from the outbox, with one address in Jaipur (shipping
 * and billing): answers their sign-in token and the address's id.
 */
export async function newCustomer(person: { name: string; email: string; phone: string; password: string }): Promise<{ token: string; addressId: number }> {
  const token = await registerCustomer(person);
  return { token, addressId: await addJaipurAddress(token, person) };
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
  const created = await fetch(`http://127.0.0.1:${inject('e2ePort')}/api/return-request-create`, {
    method: 'POST', headers: { domain: 'localhost', authorization: `Bearer ${token}` }, body: form,
  });
  expect(created.status, await created.clone().text()).toBe(200);
  return ((await created.json()) as { returnRequest: { id: number } }).returnRequest.id;
}
