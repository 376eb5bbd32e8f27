/**
 * A letter's opening: "Dear <name>," above a message staff wrote, unless the message already opens
 * with a greeting of its own ("Dear Kabir", "Hi,", "Namaste ji", "Good morning"), so a reply is
 * greeted once.
 */
const GREETING = /^\s*(?:dear|hi|hii|hello|hey|namaste|namaskar|greetings|good\s+(?:morning|afternoon|evening|day))\b/i;

export function opensWithGreeting(message: string): boolean {
  return GREETING.test(message);
}

/** The message with "Dear <name>," above it, or as written when it greets already. */
export function greetedOnce(name: string, message: string): string {
  return opensWithGreeting(message) ? message.trim() : `Dear ${name},\n\n${message}`;
}
