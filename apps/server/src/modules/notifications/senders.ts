import nodemailer from 'nodemailer';
import type { MessagingConfig } from '../../config.ts';
import type { Channel } from './notifications.repo.ts';

/** One message on its way out. `code` is the one-time code the text carries (adapters with templates send it as a variable). */
export interface OutgoingMessage {
  channel: Channel;
  /** Email address, or national mobile number. */
  to: string;
  /** Country calling code for phone channels ('91'). */
  dialCode?: string;
  fromName: string;
  subject: string;
  text: string;
  /** An email's HTML body, beside its text. */
  html?: string;
  /** An SMS about an order: the facts its provider template fills in (no code). */
  variables?: Record<string, string>;
  code: string;
}

/** Delivers a message somewhere outside the process; throws when the provider refuses it. */
export interface Sender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** Email through any SMTP server (nodemailer). */
export function createSmtpSender(config: MessagingConfig['smtp']): Sender {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: { name: message.fromName, address: config.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

/**
 * SMS and voice codes through an MSG91-style HTTP API: JSON POSTs with an `authkey` header.
 * SMS: POST {SMS_API_URL}/flow {template_id, sender, short_url, recipients: [{mobiles, otp}]}.
 * Voice: POST {SMS_API_URL}/voice/call {template, caller_id, client_number, variables: {otp}}.
 * The provider answers {type: 'success' | 'error', message}.
 */
export function createMsg91Sender(config: MessagingConfig['sms']): Sender {
  async function post(path: string, body: unknown): Promise<void> {
    const res = await fetch(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers: { authkey: config.apiKey ?? '', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await res.text();
    let type: unknown;
    try {
      type = (JSON.parse(text) as { type?: unknown }).type;
    } catch {
      type = undefined;
    }
    if (!res.ok || type === 'error') throw new Error(`SMS provider answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return {
    name: 'msg91',
    async send(message) {
      const mobile = `${message.dialCode ?? ''}${message.to}`;
      if (message.channel === 'voice') {
        await post('/voice/call', {
          template: config.voiceTemplateId,
          caller_id: config.senderId,
          client_number: mobile,
          variables: { otp: { type: 'digits', value: message.code } },
        });
      } else if (message.variables) {
        // A message about an order: its own template, filled with the message's facts.
        if (!config.orderTemplateId) throw new Error('SMS_ORDER_TEMPLATE_ID is not set: order messages cannot be sent by SMS.');
        await post('/flow', {
          template_id: config.orderTemplateId,
          sender: config.senderId,
          short_url: '0',
          recipients: [{ mobiles: mobile, ...message.variables }],
        });
      } else {
        await post('/flow', {
          template_id: config.templateId,
          sender: config.senderId,
          short_url: '0',
          recipients: [{ mobiles: mobile, otp: message.code }],
        });
      }
    },
  };
}

/** The sender of each channel; null means the outbox keeps the message and nothing leaves the process. */
export interface Senders {
  email: Sender | null;
  phone: Sender | null;
}

export function createSenders(config: MessagingConfig): Senders {
  return {
    email: config.emailSender === 'smtp' ? createSmtpSender(config.smtp) : null,
    phone: config.smsSender === 'msg91' ? createMsg91Sender(config.sms) : null,
  };
}
