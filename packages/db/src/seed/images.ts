/** Writes the demo's SVG pictures into the media directory (paths from media.ts, drawings from svg.ts). */
import { CATEGORIES, GEMS, ROOT_CATEGORY, colorDef, type GemDef } from './catalogue.ts';
import {
  blogCoverPath, categoryImagePath, certificateImagePath, genericCertificatePath, productImagePath,
  stoneImagePath, stoneLook, writeMedia,
} from './media.ts';
import { bannerImage, logoImage, slideImage, type StoreDef } from './stores.ts';
import { LAB_NAMES, type StoneSpec } from './stones.ts';
import {
  bannerSvg, categorySvg, certificateSvg, coverSvg, logoSvg, productSvg, sliderSvg, stoneSvg, type Palette,
} from './svg.ts';

function gemByUrl(url: string): GemDef {
  const gem = GEMS.find((g) => g.url === url);
  if (!gem) throw new Error(`unknown product ${url}`);
  return gem;
}

/** One picture per product and colour, product and category tiles, and the specimen certificate. Returns the file count. */
export function writeCatalogueImages(mediaDir: string): number {
  let files = 0;
  for (const gem of GEMS) {
    for (const [colorName] of gem.colors) {
      const look = stoneLook(gem, colorDef(colorName));
      writeMedia(mediaDir, stoneImagePath(gem.url, colorName), stoneSvg(look.drawing, look.color, `${colorName} ${gem.name}`, look.eye));
      files++;
    }
    const look = stoneLook(gem, colorDef(gem.colors[0]![0]));
    writeMedia(mediaDir, productImagePath(gem.url), productSvg(look.drawing, look.color, `${gem.name} (${gem.alias})`, look.eye));
    files++;
  }
  const tile = (gems: readonly GemDef[]) => gems.map((g) => stoneLook(g, colorDef(g.colors[0]![0])));
  writeMedia(mediaDir, categoryImagePath(ROOT_CATEGORY.url), categorySvg(ROOT_CATEGORY.name, tile(GEMS)));
  files++;
  for (const c of CATEGORIES) {
    writeMedia(mediaDir, categoryImagePath(c.url), categorySvg(c.name, tile(GEMS.filter((g) => g.category === c.key))));
    files++;
  }
  const sapphire = gemByUrl('blue-sapphire');
  writeMedia(mediaDir, genericCertificatePath, certificateSvg({
    lab: 'SPECIMEN', labName: 'Sample report for generated stones', number: '—', date: '—',
    stone: 'Natural gemstone', weightCt: '—', color: '—', shape: '—', clarity: '—', dimensions: '—', origin: '—',
    conclusion: 'Specimen: see the stone page for its report number',
  }, sapphire.drawing, colorDef('Royal Blue')));
  return files + 1;
}

/** The store's logo, three slides and three banners. */
export function writeStoreImages(mediaDir: string, store: StoreDef): number {
  writeMedia(mediaDir, logoImage(store), logoSvg(store.name, store.tagline, store.ink, colorDef(store.logoStone)));
  store.slides.forEach((s, i) => {
    writeMedia(mediaDir, slideImage(store, i), sliderSvg(s.headline, s.sub, s.palette, stoneLook(gemByUrl(s.gem), colorDef(s.color))));
  });
  store.banners.forEach((b, i) => {
    writeMedia(mediaDir, bannerImage(store, i), bannerSvg(b.headline, b.sub, b.palette, stoneLook(gemByUrl(b.gem), colorDef(b.color))));
  });
  return 1 + store.slides.length + store.banners.length;
}

/** The laboratory report of one stone; returns its /media/ path. */
export function writeCertificateImage(mediaDir: string, storeSlug: string, s: StoneSpec): string {
  const path = certificateImagePath(storeSlug, s.gin);
  const look = stoneLook(s.gem, colorDef(s.color));
  writeMedia(mediaDir, path, certificateSvg({
    lab: s.lab, labName: LAB_NAMES[s.lab], number: s.certificateNumber, date: s.certifiedOn,
    stone: `${s.gem.name} (${s.gem.alias})`, weightCt: s.carats.toFixed(2), color: s.color,
    shape: s.gem.drawing === 'faceted' || s.gem.drawing === 'brilliant' ? `${s.shape}, faceted` : s.shape, clarity: s.clarity,
    dimensions: `${s.lengthMm.toFixed(2)} x ${s.widthMm.toFixed(2)} x ${s.depthMm.toFixed(2)} mm`,
    origin: s.origin, conclusion: s.conclusion,
  }, look.drawing, look.color, look.eye));
  return path;
}

/** A blog cover drawn with one product's stone. */
export function writeBlogCover(mediaDir: string, slug: string, title: string, gemUrl: string, palette: Palette): string {
  const gem = gemByUrl(gemUrl);
  const path = blogCoverPath(slug);
  writeMedia(mediaDir, path, coverSvg(title, palette, stoneLook(gem, colorDef(gem.colors[0]![0]))));
  return path;
}
