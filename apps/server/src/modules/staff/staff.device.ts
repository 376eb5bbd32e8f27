import Bowser from 'bowser';

/** The most of a User-Agent header a sign-in keeps. */
export const USER_AGENT_KEPT = 512;

/** A User-Agent as people name their device: "Chrome 120 on Windows", "Safari on iOS"; null when there is nothing to read. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const app = browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : null;
  const system = os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : ''}` : null;
  if (app && system) return `${app} on ${system}`;
  return app ?? system ?? userAgent.slice(0, 60);
}
