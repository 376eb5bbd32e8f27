import { rattiFromMg } from '@gemstore/contracts/constants';
/**
 * The demo's unique stones, generated from a seeded PRNG: the same seed gives the same stones,
 * gins and friendly urls, so two stores seeded alike share urls (with different ids), which the
 * tenant-isolation tests rely on.
 */
import {
  CLARITIES, GEMS, GRADES, type GemDef, type Lab, type Origin, type Shape, originDef, rattiBucket, shapeDef,
} from './catalogue.ts';
import { between, intBetween, mulberry32, pickWeighted, type Rng } from './random.ts';

export const MG_PER_CARAT = 200;

export interface StoneSpec {
  gem: GemDef;
  gin: string;
  url: string;
  name: string;
  description: string;
  weightMg: number;
  carats: number;
  /** The stone's weight in the store's ratti. */
  ratti: number;
  /** Its standard bucket (rati_standard). */
  rattiStandard: number;
  widthMm: number;
  lengthMm: number;
  depthMm: number;
  grade: string;
  color: string;
  clarity: string;
  shape: Shape;
  origin: Origin;
  pricePaise: number;
  status: 'available' | 'sold';
  lab: Lab;
  certificateNumber: string;
  /** The lab's report-check page for this number; null for labs without one per report. */
  certificateVerificationUrl: string | null;
  /** The report's date, YYYY-MM-DD. */
  certifiedOn: string;
  /** The report's conclusion on identity and treatment. */
  conclusion: string;
  /** The treatment the report discloses (contracts STONE_TREATMENTS), as its conclusion says it. */
  treatment: 'none' | 'heated' | 'oiled';
}

export const LAB_NAMES: Record<Lab, string> = {
  GIA: 'Gemological Institute of America',
  IGI: 'International Gemological Institute',
  GII: 'Gemmological Institute of India',
  IIGJ: 'Indian Institute of Gems & Jewellery',
  GRS: 'GemResearch Swisslab',
};

function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(rng() * 10));
  return s;
}

function reportNumber(rng: Rng, lab: Lab, year: number): string {
  const yy = String(year).slice(2);
  switch (lab) {
    case 'GIA': return `2${intBetween(rng, 1, 4)}${digits(rng, 8)}`;
    case 'IGI': return `${intBetween(rng, 5, 6)}${digits(rng, 8)}`;
    case 'GRS': return `GRS${year}-${digits(rng, 6)}`;
    case 'GII': return `GII${yy}${digits(rng, 6)}`;
    case 'IIGJ': return `IIGJ/J/${yy}/${digits(rng, 5)}`;
  }
}

/** GIA and IGI look a report up by its number on a public page; the other labs' checks are forms. */
export function reportCheckUrl(lab: Lab, number: string): string | null {
  switch (lab) {
    case 'GIA': return `https://www.gia.edu/report-check?reportno=${encodeURIComponent(number)}`;
    case 'IGI': return `https://www.igi.org/verify-your-report/?r=${encodeURIComponent(number)}`;
    default: return null;
  }
}

/** Width, length and depth in mm for a weight: volume = weight / specific gravity, shared out by the shape's proportions. */
export function dimensions(gem: GemDef, shape: Shape, weightMg: number, rng: Rng): { lengthMm: number; widthMm: number; depthMm: number } {
  const s = shapeDef(shape);
  const pearl = gem.drawing === 'pearl';
  const ratio = pearl ? (shape === 'Round' ? 0.98 : shape === 'Oval' ? 0.86 : 0.74) : Math.min(1, s.ratio * between(rng, 0.96, 1.04)); // length is the longer side
  const depth = pearl ? 0.97 : s.depth * between(rng, 0.94, 1.06);
  const fill = pearl ? 0.52 : s.fill;
  const volume = weightMg / gem.sg;
  const length = Math.cbrt(volume / (ratio * depth * fill));
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return { lengthMm: round2(length), widthMm: round2(length * ratio), depthMm: round2(length * ratio * depth) };
}

/** Rupees rounded the way a shop prices: to 10 below 10,000, to 100 below a lakh, else to 500. */
function shopRound(rupees: number): number {
  const step = rupees < 10_000 ? 10 : rupees < 100_000 ? 100 : 500;
  return Math.max(step, Math.round(rupees / step) * step);
}

export function priceRupees(gem: GemDef, carats: number, grade: string, clarity: string, originFactor: number, rng: Rng): number {
  const perCarat = gem.perCaratRupees[0] + (gem.perCaratRupees[1] - gem.perCaratRupees[0]) * rng() ** 1.4;
  const gradeFactor = GRADES.find((g) => g.value === grade)!.priceFactor;
  const clarityFactor = CLARITIES.find((c) => c.value === clarity)!.priceFactor;
  // Larger stones are rarer, so the price per carat climbs with size.
  const sizeFactor = 1 + Math.min(carats, 20) * 0.05;
  return shopRound(perCarat * carats * gradeFactor * clarityFactor * originFactor * sizeFactor);
}

function cutPhrase(gem: GemDef, shape: Shape): string {
  if (gem.drawing === 'pearl') return `${shape} in shape`;
  if (shape === 'Cabochon') return 'Cut as a smooth cabochon';
  return gem.drawing === 'cabochon' ? `Polished ${shape.toLowerCase()}` : `${shape} cut`;
}

function conclusionFor(gem: GemDef, origin: Origin, unheated: boolean): string {
  switch (gem.url) {
    case 'ruby': return unheated ? 'Natural ruby, no indication of heating' : 'Natural ruby, heated';
    case 'blue-sapphire': case 'yellow-sapphire': return unheated ? `Natural ${gem.name.toLowerCase()}, no indication of heating` : `Natural ${gem.name.toLowerCase()}, heated`;
    case 'emerald': return 'Natural emerald, minor clarity enhancement';
    case 'diamond': return 'Natural diamond';
    case 'hessonite': return 'Natural hessonite garnet';
    case 'cats-eye': return "Natural chrysoberyl cat's eye";
    case 'red-coral': return 'Natural coral, no dye or filling';
    case 'pearl': return origin === 'Basra' ? 'Natural saltwater pearl' : 'Cultured saltwater pearl (Akoya)';
    default: return `Natural ${gem.name.toLowerCase()}`;
  }
}

/** What the report's conclusion discloses: rubies and sapphires heated unless found unheated, emeralds oiled (the minor clarity enhancement). */
function treatmentFor(gem: GemDef, unheated: boolean): StoneSpec['treatment'] {
  if (gem.url === 'ruby' || gem.url === 'blue-sapphire' || gem.url === 'yellow-sapphire') return unheated ? 'none' : 'heated';
  return gem.url === 'emerald' ? 'oiled' : 'none';
}

export interface GenerateOptions {
  count: number;
  seed: number;
  /** The store's ratti in mg (182 by default). */
  rattiMg: number;
  /** Share of stones marked sold. */
  soldShare?: number;
  /** Day the newest certificate is dated, for reproducible dates. */
  today?: Date;
}

export function generateStones(o: GenerateOptions): StoneSpec[] {
  const rng = mulberry32(o.seed);
  const nextGin = new Map(GEMS.map((g) => [g.url, 10_000]));
  const today = o.today ?? new Date(Date.UTC(2025, 0, 1));
  const stones: StoneSpec[] = [];
  for (let i = 0; i < o.count; i++) {
    const gem = pickWeighted(rng, GEMS.map((g) => [g, g.share] as const));
    const ginNumber = nextGin.get(gem.url)! + intBetween(rng, 1, 37);
    nextGin.set(gem.url, ginNumber);
    const gin = `${gem.ginPrefix}${ginNumber}`;
    const color = pickWeighted(rng, gem.colors);
    const [origin, , originFactor] = pickWeighted(rng, gem.origins.map((x) => [x, x[1]] as const));
    const shape = pickWeighted(rng, gem.shapes);
    const clarity = pickWeighted(rng, gem.clarities);
    const grade = pickWeighted(rng, GRADES.map((g) => [g.value, g.share] as const));
    // Smaller stones are more common: skew the weight towards the bottom of the range.
    const [minMg, maxMg] = gem.weightMg;
    const weightMg = Math.round(Math.max(minMg, o.rattiMg * 1.25 + 1, minMg + (maxMg - minMg) * rng() ** 1.6));
    const carats = Math.round((weightMg / MG_PER_CARAT) * 100) / 100;
    // One ratti figure: the name, the url and the bucket all read it.
    const ratti = rattiFromMg(weightMg, o.rattiMg);
    const rattiStandard = rattiBucket(ratti);
    const dims = dimensions(gem, shape, weightMg, rng);
    const pricePaise = priceRupees(gem, carats, grade, clarity, originFactor, rng) * 100;
    const lab = pickWeighted(rng, gem.labs);
    const certified = new Date(today.getTime() - intBetween(rng, 20, 900) * 86_400_000);
    const certificateNumber = reportNumber(rng, lab, certified.getUTCFullYear());
    const status = rng() < (o.soldShare ?? 0.1) ? 'sold' : 'available';
    const originSlug = originDef(origin).slug;
    const url = `${gem.url}-${ratti.toFixed(2).replace('.', '-')}-ratti-${originSlug}-${gin.toLowerCase()}`;
    const name = `${gem.name} ${ratti.toFixed(2)} Ratti`;
    const unheated = (gem.url.endsWith('sapphire') || gem.url === 'ruby') && rng() < 0.3;
    const conclusion = conclusionFor(gem, origin, unheated);
    const treatment = treatmentFor(gem, unheated);
    const description = [
      `${gem.note} This ${gem.name.toLowerCase()} (${gem.alias}) from ${origin} weighs ${weightMg} mg: ${carats.toFixed(2)} carats or ${ratti.toFixed(2)} ratti.`,
      `${cutPhrase(gem, shape)}, ${color.toLowerCase()}, ${clarity.toLowerCase()}, measuring ${dims.lengthMm} x ${dims.widthMm} x ${dims.depthMm} mm.`,
      unheated ? 'Unheated: no heat treatment was detected.' : '',
      `Certified by ${lab} (${LAB_NAMES[lab]}), report ${certificateNumber}; the report travels with the stone.`,
    ].filter(Boolean).join(' ');
    stones.push({
      gem, gin, url, name, description, weightMg, carats, ratti, rattiStandard, ...dims,
      grade, color, clarity, shape, origin, pricePaise, status, lab, certificateNumber,
      certificateVerificationUrl: reportCheckUrl(lab, certificateNumber),
      certifiedOn: certified.toISOString().slice(0, 10), conclusion, treatment,
    });
  }
  return stones;
}
