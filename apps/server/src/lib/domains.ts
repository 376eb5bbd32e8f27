import type { FastifyRequest } from 'fastify';

/** Lower-case hostname without port; undefined for an unusable value. */
export function normaliseDomain(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const host = value.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : undefined;
}

/** A Host header as RFC 9110 allows it here: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(value: string | undefined): boolean {
  return value === undefined || value === '' || HOST_HEADER.test(value);
}

/** The store a request is for: the `domain` header, else the Host header (server-rendered pages). */
export function requestDomain(request: FastifyRequest): string | undefined {
  const header = request.headers.domain;
  return normaliseDomain(typeof header === 'string' && header ? header : request.headers.host);
}
