/**
 * Small, valid SVG pictures for the demo: stones, certificates, slider and banner art, logos and
 * blog covers. Pure string builders (no I/O); media.ts writes them. Text is always escaped, and
 * only system fonts are named, because /media/ is served with a CSP that loads nothing else.
 */
import type { ColorDef, Drawing } from './catalogue.ts';

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Arial, sans-serif";

function doc(width: number, height: number, body: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">${body}</svg>\n`;
}

const f = (n: number) => Number(n.toFixed(1));

function point(cx: number, cy: number, rx: number, ry: number, angle: number): [number, number] {
  return [f(cx + rx * Math.cos(angle)), f(cy + ry * Math.sin(angle))];
}

function polygon(points: [number, number][], attrs: string): string {
  return `<polygon points="${points.map((p) => p.join(',')).join(' ')}" ${attrs}/>`;
}

/**
 * One gem seen from above, centred on (cx, cy) with radius r. `id` keeps gradient ids unique when
 * several gems share one picture. Faceted stones get a table, star and kite facets; cabochons a
 * domed glow (and a cat's eye band when `eye`); pearls a soft orient.
 */
export function gem(drawing: Drawing, color: ColorDef, cx: number, cy: number, r: number, id: string, eye = false): string {
  const defs: string[] = [];
  const parts: string[] = [];
  const rx = r;
  // Round stones are drawn round; other faceted stones and cabochons as an oval.
  const ry = drawing === 'pearl' || drawing === 'brilliant' ? r : r * 0.8;
  defs.push(`<radialGradient id="${id}b" cx="38%" cy="32%" r="75%"><stop offset="0" stop-color="${color.light}"/><stop offset="0.45" stop-color="${color.base}"/><stop offset="1" stop-color="${color.dark}"/></radialGradient>`);
  parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy + ry * 1.02)}" rx="${f(rx * 0.9)}" ry="${f(r * 0.12)}" fill="#000" opacity="0.12"/>`);
  parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id}b)"/>`);

  if (drawing === 'faceted' || drawing === 'brilliant') {
    const n = drawing === 'brilliant' ? 16 : 8;
    const step = (2 * Math.PI) / n;
    const table = drawing === 'brilliant' ? 0.48 : 0.52;
    for (let i = 0; i < n; i++) {
      const a = i * step - Math.PI / 2;
      const t1 = point(cx, cy, rx * table, ry * table, a);
      const t2 = point(cx, cy, rx * table, ry * table, a + step);
      const mid = point(cx, cy, rx * 0.98, ry * 0.98, a + step / 2);
      const o1 = point(cx, cy, rx * 0.98, ry * 0.98, a);
      // Star facet (table edge to girdle) and the two half-kites beside it: light and shade alternate.
      parts.push(polygon([t1, t2, mid], `fill="#fff" opacity="${i % 2 ? 0.1 : 0.22}"`));
      parts.push(polygon([t1, mid, o1], `fill="#000" opacity="${i % 2 ? 0.16 : 0.08}"`));
    }
    const tablePoints = Array.from({ length: n }, (_, i) => point(cx, cy, rx * table, ry * table, i * step - Math.PI / 2));
    defs.push(`<linearGradient id="${id}t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color.light}" stop-opacity="0.9"/><stop offset="1" stop-color="${color.base}" stop-opacity="0.6"/></linearGradient>`);
    parts.push(polygon(tablePoints, `fill="url(#${id}t)" stroke="#fff" stroke-opacity="0.45" stroke-width="${f(r / 90)}"`));
    const inner = Array.from({ length: n }, (_, i) => point(cx, cy, rx * table * 0.55, ry * table * 0.55, i * step - Math.PI / 2 + step / 2));
    parts.push(polygon(inner, `fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="${f(r / 120)}"`));
    parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${color.dark}" stroke-width="${f(r / 40)}"/>`);
    if (drawing === 'brilliant') {
      const fire = ['#ff5a5a', '#5ab4ff', '#ffd84a', '#7cff8a'];
      fire.forEach((c, i) => {
        const [x, y] = point(cx, cy, rx * 0.7, ry * 0.7, i * 1.7 + 0.4);
        parts.push(`<circle cx="${x}" cy="${y}" r="${f(r * 0.05)}" fill="${c}" opacity="0.55"/>`);
      });
    }
  } else if (drawing === 'cabochon') {
    defs.push(`<radialGradient id="${id}g" cx="40%" cy="30%" r="40%"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`);
    if (eye) {
      defs.push(`<linearGradient id="${id}e" x1="0" y1="0" x2="1" y2="0"><stop offset="0.4" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fffbe8" stop-opacity="0.95"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
      parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * 0.35)}" ry="${f(ry * 0.98)}" fill="url(#${id}e)"/>`);
    }
    parts.push(`<ellipse cx="${f(cx - rx * 0.2)}" cy="${f(cy - ry * 0.3)}" rx="${f(rx * 0.55)}" ry="${f(ry * 0.45)}" fill="url(#${id}g)"/>`);
  } else {
    defs.push(`<radialGradient id="${id}o" cx="65%" cy="70%" r="55%"><stop offset="0" stop-color="#ffd6e6" stop-opacity="0.45"/><stop offset="1" stop-color="#d6f0ff" stop-opacity="0"/></radialGradient>`);
    defs.push(`<radialGradient id="${id}g" cx="35%" cy="30%" r="30%"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`);
    parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id}o)"/>`);
    parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id}g)"/>`);
  }
  // The glint that makes it read as a polished stone.
  const [gx, gy] = [f(cx - rx * 0.42), f(cy - ry * 0.45)];
  const s = r * 0.12;
  parts.push(`<path d="M${gx} ${f(gy - s)}L${f(gx + s * 0.22)} ${f(gy - s * 0.22)}L${f(gx + s)} ${gy}L${f(gx + s * 0.22)} ${f(gy + s * 0.22)}L${gx} ${f(gy + s)}L${f(gx - s * 0.22)} ${f(gy + s * 0.22)}L${f(gx - s)} ${gy}L${f(gx - s * 0.22)} ${f(gy - s * 0.22)}Z" fill="#fff" opacity="0.85"/>`);
  return `<defs>${defs.join('')}</defs>${parts.join('')}`;
}

function softBackground(id: string, width: number, height: number, from = '#fbf8f3', to = '#ece4d6'): string {
  return `<defs><radialGradient id="${id}" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#${id})"/>`;
}

/** The picture of one stone (product x colour), square, on a soft ivory ground. */
export function stoneSvg(drawing: Drawing, color: ColorDef, label: string, eye = false): string {
  return doc(600, 600, softBackground('bg', 600, 600) + gem(drawing, color, 300, 290, 190, 'g', eye), label);
}

/** A product's picture: its main colour on a darker, jeweller's-velvet ground. */
export function productSvg(drawing: Drawing, color: ColorDef, label: string, eye = false): string {
  return doc(600, 600, softBackground('bg', 600, 600, '#2f2a38', '#15121b') + gem(drawing, color, 300, 290, 200, 'g', eye), label);
}

/** A category tile: a small arrangement of its stones. */
export function categorySvg(label: string, stones: { drawing: Drawing; color: ColorDef; eye?: boolean }[]): string {
  const spots: [number, number, number][] = [[300, 250, 130], [150, 390, 90], [450, 390, 90], [300, 470, 70], [130, 170, 60], [470, 170, 60]];
  const body = stones.slice(0, spots.length).map((s, i) => {
    const [x, y, r] = spots[i]!;
    return gem(s.drawing, s.color, x, y, r, `g${i}`, s.eye);
  }).reverse().join('');
  return doc(600, 600, softBackground('bg', 600, 600) + body, label);
}

export interface CertificateFields {
  lab: string;
  labName: string;
  number: string;
  stone: string;
  weightCt: string;
  color: string;
  shape: string;
  clarity: string;
  dimensions: string;
  origin: string;
  conclusion: string;
  date: string;
}

/** A gem laboratory report card with the stone's findings. */
export function certificateSvg(c: CertificateFields, drawing: Drawing, color: ColorDef, eye = false): string {
  const rows: [string, string][] = [
    ['Report No.', c.number], ['Date', c.date], ['Identification', c.stone], ['Weight', `${c.weightCt} ct`],
    ['Shape & Cut', c.shape], ['Measurements', c.dimensions], ['Colour', c.color], ['Clarity', c.clarity],
    ['Origin', c.origin], ['Conclusion', c.conclusion],
  ];
  const lines = rows.map(([k, v], i) => {
    const y = 170 + i * 32;
    return `<text x="60" y="${y}" font-family="${SANS}" font-size="15" fill="#6b6256">${esc(k)}</text><text x="230" y="${y}" font-family="${SANS}" font-size="16" font-weight="600" fill="#2b2520">${esc(v)}</text><line x1="60" y1="${y + 10}" x2="560" y2="${y + 10}" stroke="#e4dccd"/>`;
  }).join('');
  const body = [
    '<rect width="800" height="520" fill="#fffdf8"/>',
    '<rect x="14" y="14" width="772" height="492" fill="none" stroke="#b89a5a" stroke-width="3"/>',
    '<rect x="22" y="22" width="756" height="476" fill="none" stroke="#d9c594" stroke-width="1"/>',
    `<text x="60" y="78" font-family="${SERIF}" font-size="34" font-weight="700" fill="#2b2520">${esc(c.lab)}</text>`,
    `<text x="60" y="104" font-family="${SANS}" font-size="14" letter-spacing="1" fill="#6b6256">${esc(c.labName.toUpperCase())}</text>`,
    `<text x="740" y="78" text-anchor="end" font-family="${SERIF}" font-size="20" fill="#8a6d2f">Gemstone Identification Report</text>`,
    '<line x1="60" y1="124" x2="740" y2="124" stroke="#b89a5a" stroke-width="1.5"/>',
    lines,
    '<rect x="590" y="150" width="160" height="160" rx="8" fill="#f5efe3" stroke="#e4dccd"/>',
    gem(drawing, color, 670, 228, 58, 'c', eye),
    '<circle cx="670" cy="410" r="42" fill="none" stroke="#b89a5a" stroke-width="2"/>',
    '<circle cx="670" cy="410" r="34" fill="none" stroke="#b89a5a" stroke-width="1" stroke-dasharray="3 3"/>',
    `<text x="670" y="406" text-anchor="middle" font-family="${SERIF}" font-size="15" font-weight="700" fill="#8a6d2f">${esc(c.lab)}</text>`,
    `<text x="670" y="424" text-anchor="middle" font-family="${SANS}" font-size="9" fill="#8a6d2f">VERIFIED</text>`,
  ].join('');
  return doc(800, 520, body, `${c.lab} report ${c.number}`);
}

export interface Palette { from: string; to: string; accent: string; ink: string }

/** A wide home-page slide: gradient ground, a headline and a large stone. */
export function sliderSvg(headline: string, sub: string, palette: Palette, stone: { drawing: Drawing; color: ColorDef; eye?: boolean }): string {
  const body = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<radialGradient id="halo" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient></defs>`,
    '<rect width="1600" height="600" fill="url(#bg)"/>',
    '<circle cx="1180" cy="300" r="300" fill="url(#halo)"/>',
    `<circle cx="1180" cy="300" r="250" fill="none" stroke="${palette.accent}" stroke-opacity="0.35"/>`,
    `<circle cx="1180" cy="300" r="272" fill="none" stroke="${palette.accent}" stroke-opacity="0.2"/>`,
    gem(stone.drawing, stone.color, 1180, 290, 180, 's', stone.eye),
    `<rect x="140" y="210" width="60" height="3" fill="${palette.accent}"/>`,
    `<text x="140" y="300" font-family="${SERIF}" font-size="62" fill="${palette.ink}">${esc(headline)}</text>`,
    `<text x="140" y="360" font-family="${SANS}" font-size="26" fill="${palette.ink}" opacity="0.8">${esc(sub)}</text>`,
  ].join('');
  return doc(1600, 600, body, headline);
}

/** A promotional banner (three sit side by side on the home page). */
export function bannerSvg(title: string, sub: string, palette: Palette, stone: { drawing: Drawing; color: ColorDef; eye?: boolean }): string {
  const body = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    '<rect width="800" height="400" fill="url(#bg)"/>',
    gem(stone.drawing, stone.color, 600, 195, 130, 's', stone.eye),
    `<text x="50" y="180" font-family="${SERIF}" font-size="44" fill="${palette.ink}">${esc(title)}</text>`,
    `<text x="50" y="228" font-family="${SANS}" font-size="22" fill="${palette.ink}" opacity="0.8">${esc(sub)}</text>`,
    `<text x="50" y="300" font-family="${SANS}" font-size="18" letter-spacing="2" fill="${palette.accent}">SHOP NOW ›</text>`,
  ].join('');
  return doc(800, 400, body, title);
}

/** A store's wordmark: a small gem and the name. */
export function logoSvg(name: string, tagline: string, ink: string, stone: ColorDef): string {
  // Serif 32px is about 19px a character; the spaced-out tagline about 10px.
  const width = Math.ceil(Math.max(300, 96 + name.length * 19, 96 + tagline.length * 10));
  const body = [
    gem('faceted', stone, 36, 40, 24, 'l'),
    `<text x="76" y="46" font-family="${SERIF}" font-size="32" font-weight="600" letter-spacing="1" fill="${ink}">${esc(name)}</text>`,
    `<text x="78" y="66" font-family="${SANS}" font-size="11" letter-spacing="3" fill="${ink}" opacity="0.7">${esc(tagline.toUpperCase())}</text>`,
  ].join('');
  return doc(width, 80, body, name);
}

/** Breaks a title into lines of at most `max` characters. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A blog cover (1200x630, the Open Graph size): the title beside a stone. */
export function coverSvg(title: string, palette: Palette, stone: { drawing: Drawing; color: ColorDef; eye?: boolean }): string {
  const lines = wrap(title, 24).slice(0, 4);
  const top = 315 - (lines.length * 64) / 2 + 40;
  const body = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    '<rect width="1200" height="630" fill="url(#bg)"/>',
    `<circle cx="900" cy="315" r="230" fill="none" stroke="${palette.accent}" stroke-opacity="0.3"/>`,
    gem(stone.drawing, stone.color, 900, 305, 170, 's', stone.eye),
    ...lines.map((l, i) => `<text x="80" y="${top + i * 64}" font-family="${SERIF}" font-size="52" fill="${palette.ink}">${esc(l)}</text>`),
    `<rect x="80" y="${top - 80}" width="50" height="3" fill="${palette.accent}"/>`,
  ].join('');
  return doc(1200, 630, body, title);
}
