/** A tracking number, linked to the courier's tracking page when the shop's courier has one. */
export function TrackingNumber({ number, url, testId }: { number: string | null; url: string | null; testId?: string }) {
  if (!url) return <span data-testid={testId}>{number}</span>;
  return <a href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>{number}</a>;
}
