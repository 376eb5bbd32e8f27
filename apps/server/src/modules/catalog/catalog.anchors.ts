import type { Database } from '@gemstore/db';
import type { ListingAnchor, SortKey } from './catalog.repo.ts';

/** Listings (store, filters, order) remembered; the least recently used is forgotten first. */
const MAX_LISTINGS = 500;
/** Page starts remembered per listing: 200 pages of 20 stones, 4,000 stones deep. */
const MAX_STARTS_PER_LISTING = 200;

/** The starts of one listing's pages, valid at one catalogue version. */
interface ListingStarts {
  version: number;
  /** Offsets with a remembered anchor, ascending. */
  offsets: number[];
  /** Offset -> the stone just before it. */
  anchors: Map<number, SortKey>;
}

/** A remembered start: its anchor, the stone just before `offset`. */
export interface PageStart extends ListingAnchor { offset: number }

/**
 * Where pages of a listing start: for an offset, the stone just before it, as of a catalogue
 * version. A deep page then reads on from the nearest remembered start instead of counting every
 * stone above it again (docs/decisions/0011-listing-page-anchors.md).
 *
 * Nothing here is state: an anchor is a hint that the database checks (the listing query answers
 * nothing when the store's catalogue has moved on), so a stale or missing one costs a re-read from
 * the top, never a wrong page, and every server process may hold its own.
 */
export class PageAnchors {
  private readonly listings = new Map<string, ListingStarts>();

  /** The remembered start nearest to `offset` from above (at or before it), if any. */
  nearest(listing: string, offset: number): PageStart | undefined {
    const starts = this.listings.get(listing);
    if (!starts) return undefined;
    // Most recently used last, so eviction drops the listing nobody has read for longest.
    this.listings.delete(listing);
    this.listings.set(listing, starts);
    const { offsets } = starts;
    let low = 0;
    let high = offsets.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (offsets[mid]! <= offset) { found = mid; low = mid + 1; } else high = mid - 1;
    }
    if (found < 0) return undefined;
    const at = offsets[found]!;
    return { offset: at, stone: starts.anchors.get(at)!, version: starts.version };
  }

  /** Remembers that at this version the stone at `offset - 1` is `stone`. */
  remember(listing: string, version: number, offset: number, stone: SortKey): void {
    const starts = this.at(listing, version);
    if (!starts || offset <= 0 || starts.anchors.has(offset) || starts.offsets.length >= MAX_STARTS_PER_LISTING) return;
    starts.anchors.set(offset, stone);
    const at = starts.offsets.findIndex((o) => o > offset);
    starts.offsets.splice(at < 0 ? starts.offsets.length : at, 0, offset);
  }

  /** This listing's starts at this version: a newer version replaces the older one's, an older one is ignored. */
  private at(listing: string, version: number): ListingStarts | undefined {
    let starts = this.listings.get(listing);
    if (starts && starts.version > version) return undefined; // a slower read of an older snapshot
    if (!starts || starts.version !== version) {
      starts = { version, offsets: [], anchors: new Map() };
      this.listings.delete(listing);
      this.listings.set(listing, starts);
      if (this.listings.size > MAX_LISTINGS) this.listings.delete(this.listings.keys().next().value!);
    }
    return starts;
  }
}

/** One set of anchors per database, like its prepared statements. */
const anchorsByDb = new WeakMap<Database, PageAnchors>();
export function pageAnchors(db: Database): PageAnchors {
  let anchors = anchorsByDb.get(db);
  if (!anchors) anchorsByDb.set(db, (anchors = new PageAnchors()));
  return anchors;
}
