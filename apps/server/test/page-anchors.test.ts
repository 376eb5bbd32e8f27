import { describe, expect, it } from 'vitest';
import { PageAnchors } from '../src/modules/catalog/catalog.anchors.ts';

describe('PageAnchors', () => {
  it('finds the nearest remembered start at or before an offset', () => {
    const anchors = new PageAnchors();
    for (const offset of [60, 20, 980, 40]) anchors.remember('l', 1, offset, { id: 1000 - offset });
    expect(anchors.nearest('l', 10)).toBeUndefined();
    expect(anchors.nearest('l', 20)).toEqual({ offset: 20, stone: { id: 980 }, version: 1 });
    expect(anchors.nearest('l', 59)?.offset).toBe(40);
    expect(anchors.nearest('l', 500)?.offset).toBe(60);
    expect(anchors.nearest('l', 5000)).toEqual({ offset: 980, stone: { id: 20 }, version: 1 });
    expect(anchors.nearest('other', 500)).toBeUndefined();
  });

  it('keeps only the newest version of a listing, and ignores a late read of an older one', () => {
    const anchors = new PageAnchors();
    anchors.remember('l', 1, 20, { id: 5 });
    anchors.remember('l', 2, 40, { id: 4, value: 100 });
    expect(anchors.nearest('l', 20)).toBeUndefined();
    expect(anchors.nearest('l', 40)).toEqual({ offset: 40, stone: { id: 4, value: 100 }, version: 2 });
    anchors.remember('l', 1, 60, { id: 3 });
    expect(anchors.nearest('l', 60)?.offset).toBe(40);
  });

  it('keeps the first anchor of an offset at one version, ignores offset 0, and stays bounded', () => {
    const anchors = new PageAnchors();
    anchors.remember('l', 1, 20, { id: 5 });
    anchors.remember('l', 1, 20, { id: 6 });
    anchors.remember('l', 1, 0, { id: 7 });
    expect(anchors.nearest('l', 20)?.stone).toEqual({ id: 5 });
    expect(anchors.nearest('l', 0)).toBeUndefined();
    for (let page = 2; page <= 1000; page++) anchors.remember('l', 1, page * 20, { id: page });
    expect(anchors.nearest('l', 1000 * 20)?.offset).toBe(200 * 20);
  });

  it('forgets the listing read longest ago once it holds 500', () => {
    const anchors = new PageAnchors();
    for (let i = 0; i < 500; i++) anchors.remember(`l${i}`, 1, 20, { id: i });
    expect(anchors.nearest('l0', 20)).toBeDefined(); // read now, so l1 is the oldest
    anchors.remember('l500', 1, 20, { id: 500 });
    expect(anchors.nearest('l1', 20)).toBeUndefined();
    expect(anchors.nearest('l0', 20)).toBeDefined();
    expect(anchors.nearest('l500', 20)).toBeDefined();
  });
});
