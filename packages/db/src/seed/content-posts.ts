/** The demo blog: categories and posts a gem buyer would actually want to read. */
import type { StoreDef } from './stores.ts';
import type { Palette } from './svg.ts';

export const POST_CATEGORIES = [
  { slug: 'buying-guides', name: 'Buying Guides' },
  { slug: 'gem-knowledge', name: 'Gem Knowledge' },
  { slug: 'astrology', name: 'Astrology' },
  { slug: 'care-and-jewellery', name: 'Care & Jewellery' },
] as const;
export type PostCategorySlug = (typeof POST_CATEGORIES)[number]['slug'];

export interface PostDef {
  title: string;
  url: string;
  description: string;
  categories: PostCategorySlug[];
  keywords: string;
  /** Product whose stone is drawn on the cover; null leaves the post without a cover (the site's default shows). */
  coverGem: string | null;
  palette: Palette;
  body: string;
}

const deep: Palette = { from: '#151a2e', to: '#33406b', accent: '#e3c27a', ink: '#f7f3ea' };
const cream: Palette = { from: '#fbf7ef', to: '#eadfca', accent: '#9c7a35', ink: '#2b2520' };
const forest: Palette = { from: '#0f2b23', to: '#245443', accent: '#e2c77d', ink: '#f3f0e6' };
const ruby: Palette = { from: '#2a0f17', to: '#5e1f2f', accent: '#e8c27a', ink: '#fbefe9' };

export function postsFor(s: StoreDef): PostDef[] {
  return [
    {
      title: 'Ratti vs Carat: Why Two Jewellers Quote Different Weights',
      url: 'ratti-vs-carat', coverGem: 'yellow-sapphire', palette: cream,
      description: 'The carat is exact; the ratti is not. How to compare stones weighed in different units.',
      categories: ['gem-knowledge', 'buying-guides'], keywords: 'ratti, carat, ratti to carat, gemstone weight, pakki ratti',
      body: `<p>Ask for "a 5 ratti pukhraj" in three shops and you may be shown three stones of different weights, all honestly described. The reason is that the <strong>ratti</strong> has no single definition.</p>
<h2>The carat is a fixed unit</h2>
<p>Since 1907 the metric carat has been exactly 200 milligrams, everywhere. Laboratories report weight in carats to two decimals.</p>
<h2>The ratti is a tradition</h2>
<p>The ratti began as the weight of a seed of <em>Abrus precatorius</em>. Today most Indian retailers use 182 mg (0.91 carat), sometimes called the <em>pakki ratti</em>; others use 180 mg, 182.25 mg or a lighter ratti of about 121.5 mg.</p>
<table><thead><tr><th scope="col">Ratti used</th><th scope="col">"5 ratti" is</th></tr></thead><tbody>
<tr><td>182 mg</td><td>910 mg = 4.55 ct</td></tr>
<tr><td>180 mg</td><td>900 mg = 4.50 ct</td></tr>
<tr><td>121.5 mg</td><td>607.5 mg = 3.04 ct</td></tr></tbody></table>
<h2>How to compare</h2>
<p>Always compare in carats or milligrams. ${s.name} uses 182 mg and shows every stone's weight in mg, carats and ratti, so you can do the sum yourself.</p>`,
    },
    {
      title: 'How to Read a Gemstone Certificate in Five Minutes',
      url: 'read-a-gemstone-certificate', coverGem: 'ruby', palette: ruby,
      description: 'Identification, weight, measurements and treatment: the lines that matter on a lab report.',
      categories: ['buying-guides'], keywords: 'gemstone certificate, lab report, GIA, GRS, IGI, GII, treatment',
      body: `<p>A gem certificate is a laboratory's description of one stone. Here is how to read one quickly and what to check before you pay.</p>
<h2>1. Identification</h2>
<p>It should say <em>natural</em> and name the species: "Natural corundum, ruby". "Synthetic", "laboratory-grown" or "composite" mean something else entirely.</p>
<h2>2. Weight and measurements</h2>
<p>Weight in carats (200 mg each) and dimensions in millimetres. They must match the seller's listing.</p>
<h2>3. Treatment</h2>
<p>"No indications of heating" commands a premium for ruby and sapphire. "Heated" is normal and acceptable when disclosed. Be careful with "lead-glass filled", "beryllium diffused" or "dyed": these stones are worth a fraction of untreated ones.</p>
<h2>4. Origin</h2>
<p>An origin statement is the laboratory's opinion from inclusions and trace elements. It affects price, but beauty matters more.</p>
<h2>5. Verify</h2>
<p>Enter the report number on the laboratory's website. The online record should show the same weight, measurements and, usually, a photo.</p>`,
    },
    {
      title: 'Choosing a Blue Sapphire: Colour, Origin and Heat',
      url: 'choosing-a-blue-sapphire', coverGem: 'blue-sapphire', palette: deep,
      description: 'Royal blue or cornflower, Ceylon or Kashmir, heated or not: making sense of neelam prices.',
      categories: ['buying-guides'], keywords: 'blue sapphire, neelam, royal blue, cornflower blue, ceylon sapphire, kashmir sapphire',
      body: `<p>Blue sapphire (neelam) ranges from a few thousand rupees per carat to many lakhs. Most of the difference is colour.</p>
<h2>Colour</h2>
<p>The best stones are a pure, saturated blue of medium to medium-dark tone. Too dark and the stone looks black indoors; too light and it looks washed out. Tilt the stone: even colour without strong bands (zoning) is worth paying for.</p>
<ul><li><strong>Royal blue</strong>: deep and velvety.</li><li><strong>Cornflower blue</strong>: lighter, bright and lively, the signature of Ceylon.</li></ul>
<h2>Origin</h2>
<p>Kashmir sapphires are the most famous and the rarest; almost all come from old collections. Ceylon stones are bright with excellent lustre. Burmese stones are rich; Thai and Madagascar stones offer strong colour for the money.</p>
<h2>Heat</h2>
<p>Heating at high temperature is an old, stable and widely accepted treatment. An unheated stone of the same look typically costs considerably more. What matters is that the certificate says which one you are buying.</p>
<h2>Size</h2>
<p>For astrological wear 4 to 7 ratti is common. A clean 4 ratti stone with good colour is a better choice than a heavy, dull one.</p>`,
    },
    {
      title: 'Pigeon Blood Ruby: What the Term Really Means',
      url: 'pigeon-blood-ruby', coverGem: 'ruby', palette: ruby,
      description: 'A trade name for the most valued ruby colour, and why it is a laboratory term, not a sales one.',
      categories: ['gem-knowledge'], keywords: 'pigeon blood ruby, burmese ruby, manik, ruby colour, ruby fluorescence',
      body: `<p>"Pigeon blood" is the most famous phrase in the ruby trade. It describes a vivid, saturated red with a faint bluish undertone, whose colour is boosted by strong red fluorescence, the glow that chromium produces under daylight.</p>
<h2>Who decides?</h2>
<p>Some laboratories, notably GRS and Gübelin, use "pigeon blood" (or "pigeon's blood") as a colour type on their reports under defined criteria. A seller's description is not enough: if you pay for the name, ask for the report that states it.</p>
<h2>Burma and beyond</h2>
<p>The term comes from the marble-hosted rubies of Mogok in Myanmar, which are rich in chromium and low in iron, so they glow. Some Mozambique rubies also qualify; their higher iron content usually mutes the fluorescence a little.</p>
<h2>Good rubies without the label</h2>
<p>A slightly pinkish or purplish red ruby with good clarity is beautiful and costs far less. For astrological wear what matters is that the stone is natural and free of glass filling.</p>`,
    },
    {
      title: 'Colombian or Zambian Emerald?',
      url: 'colombian-vs-zambian-emerald', coverGem: 'emerald', palette: forest,
      description: 'Two great sources of panna, two different greens. How to choose, and what "minor oil" means.',
      categories: ['gem-knowledge'], keywords: 'emerald, panna, colombian emerald, zambian emerald, emerald oil',
      body: `<p>Most fine emeralds today come from Colombia or Zambia. Both produce superb stones, but they look different.</p>
<table><thead><tr><th scope="col"></th><th scope="col">Colombia</th><th scope="col">Zambia</th></tr></thead><tbody>
<tr><td>Colour</td><td>Warm, pure to slightly yellowish green, glowing</td><td>Cool, slightly bluish green, deeper tone</td></tr>
<tr><td>Clarity</td><td>More inclusions, including three-phase inclusions</td><td>Often cleaner for the size</td></tr>
<tr><td>Price</td><td>Higher for the same look</td><td>Better value</td></tr></tbody></table>
<h2>The jardin</h2>
<p>Emeralds form with fluid and crystal inclusions, called the <em>jardin</em> (garden). They are expected. Choose a stone whose inclusions do not reach the surface in a way that could crack.</p>
<h2>Oiling</h2>
<p>Almost all emeralds are oiled to fill surface-reaching fissures. Reports grade it as none, insignificant, minor, moderate or significant. Minor oil is normal; significant enhancement lowers value. Never put an emerald in an ultrasonic cleaner.</p>`,
    },
    {
      title: 'Buying Pukhraj: A Checklist for Yellow Sapphire',
      url: 'buying-pukhraj-checklist', coverGem: 'yellow-sapphire', palette: cream,
      description: 'Colour, clarity, heat and weight: what to check before buying a yellow sapphire for Jupiter.',
      categories: ['buying-guides', 'astrology'], keywords: 'pukhraj, yellow sapphire, jupiter gemstone, ceylon pukhraj',
      body: `<p>Yellow sapphire (pukhraj) is the gem of Jupiter and one of the most requested stones in Indian astrology. Use this checklist.</p>
<ol>
<li><strong>Colour:</strong> a clean canary to golden yellow. Avoid brown or greenish tints.</li>
<li><strong>Clarity:</strong> eye clean is achievable in pukhraj; expect to pay more for it.</li>
<li><strong>Heat:</strong> many astrologers ask for unheated stones. The certificate must state "no indications of heating" if you pay for it.</li>
<li><strong>Weight:</strong> 3 to 7 ratti is usual; check the weight in carats on the certificate.</li>
<li><strong>Not topaz or citrine:</strong> both are cheaper yellow stones sold as "pukhraj" in some markets. The certificate must say corundum.</li>
</ol>
<p>Ceylon pukhraj is the traditional choice for its bright, clean colour. Thai and Madagascar stones can be deeper and good value.</p>`,
    },
    {
      title: 'Hessonite (Gomed): Honey Colour and the Treacle Effect',
      url: 'hessonite-gomed-guide', coverGem: null, palette: cream,
      description: 'What makes a good gomed, and the swirling inclusion that proves it is natural.',
      categories: ['gem-knowledge', 'astrology'], keywords: 'hessonite, gomed, rahu gemstone, garnet',
      body: `<p>Hessonite is a calcium-aluminium garnet coloured by iron and manganese. In Indian astrology it is gomed, the stone of Rahu.</p>
<h2>Colour</h2>
<p>The classic colours are a warm honey and a deeper cinnamon brown-orange. Transparency matters: a good stone is lively, not muddy.</p>
<h2>The treacle effect</h2>
<p>Under a loupe, hessonite often shows a swirling, heat-haze texture called the <em>treacle</em> or <em>roiled</em> effect, along with small rounded crystals. It is characteristic of natural hessonite and helps separate it from glass and synthetic look-alikes.</p>
<h2>Value</h2>
<p>Gomed is one of the most affordable navratna stones, which makes larger, cleaner stones accessible. Ceylon gomed is the traditional choice.</p>`,
    },
    {
      title: "Judging a Cat's Eye: Sharpness, Centring and Milk and Honey",
      url: 'judging-a-cats-eye', coverGem: 'cats-eye', palette: deep,
      description: "How to judge the band of light in a chrysoberyl cat's eye, and how to avoid quartz look-alikes.",
      categories: ['gem-knowledge'], keywords: "cat's eye, lehsunia, chrysoberyl, chatoyancy, ketu gemstone",
      body: `<p>A cat's eye (lehsunia) is chrysoberyl full of fine parallel inclusions. Cut as a dome, it reflects a single band of light, an effect called <em>chatoyancy</em>.</p>
<h2>What to look for</h2>
<ul>
<li><strong>A sharp, thin eye</strong> running straight across the centre of the stone.</li>
<li><strong>Movement:</strong> the eye should glide as you turn the stone.</li>
<li><strong>Milk and honey:</strong> with a light to one side, one half of the stone looks milky and the other honey-coloured. This is the hallmark of a fine stone.</li>
<li><strong>Colour:</strong> honey and greenish yellow are the most valued.</li>
</ul>
<h2>Beware of quartz</h2>
<p>Quartz cat's eye costs a fraction of chrysoberyl and has a softer, wider eye. The certificate must say chrysoberyl.</p>`,
    },
    {
      title: 'Red Coral: Natural, Dyed or Reconstructed?',
      url: 'red-coral-natural-or-dyed', coverGem: 'red-coral', palette: ruby,
      description: 'How moonga is imitated and how a certificate protects you.',
      categories: ['buying-guides'], keywords: 'red coral, moonga, italian coral, japanese coral, dyed coral',
      body: `<p>Red coral (moonga) is the skeleton of a marine animal, <em>Corallium</em>. The most prized comes from the Mediterranean (Italian coral) and the waters around Japan, where deep ox-blood red coral is found.</p>
<h2>Common imitations</h2>
<ul>
<li><strong>Dyed coral:</strong> pale coral or sponge coral coloured red. The dye often collects in cracks and pits.</li>
<li><strong>Reconstructed coral:</strong> coral powder bound with resin. Uniform, lifeless colour and no growth structure.</li>
<li><strong>Glass and plastic:</strong> lighter or heavier than coral, and too perfect.</li>
</ul>
<h2>What a natural stone looks like</h2>
<p>Under magnification natural coral shows fine parallel growth lines along its length. Its polish is a soft glow rather than a glassy shine.</p>
<h2>Care</h2>
<p>Coral is soft (3 to 4 on the Mohs scale) and reacts with acids. Keep it away from perfume, lemon juice and cleaning products.</p>`,
    },
    {
      title: 'Basra Pearls and Cultured Pearls',
      url: 'basra-and-cultured-pearls', coverGem: 'pearl', palette: cream,
      description: 'Natural Gulf pearls, Japanese Akoya pearls, and how to judge lustre.',
      categories: ['gem-knowledge'], keywords: 'basra pearl, akoya pearl, moti, natural pearl, cultured pearl',
      body: `<p>Pearl (moti) is the gem of the Moon. Two very different pearls reach Indian buyers.</p>
<h2>Basra pearls</h2>
<p>Natural pearls from the Persian Gulf, traded for centuries through Basra. They formed without human help, are rare and are priced accordingly. Only X-ray examination by a laboratory can confirm a natural pearl.</p>
<h2>Cultured pearls</h2>
<p>Japanese Akoya pearls are cultured: a bead is placed in an oyster, which coats it with nacre. Fine Akoyas have superb lustre and are an excellent, affordable choice.</p>
<h2>Judging any pearl</h2>
<ol><li><strong>Lustre:</strong> sharp, bright reflections, the most important factor.</li><li><strong>Surface:</strong> few spots or pits.</li><li><strong>Shape:</strong> round is most valued, but drops and ovals are beautiful.</li><li><strong>Size</strong> and <strong>nacre</strong> thickness.</li></ol>`,
    },
    {
      title: 'The Navratna: Nine Gems, Nine Planets',
      url: 'navratna-nine-gems', coverGem: 'diamond', palette: deep,
      description: 'The nine gemstones of Vedic astrology, their planets and how a navratna jewel is arranged.',
      categories: ['astrology'], keywords: 'navratna, navagraha, nine gems, vedic astrology gemstones',
      body: `<p>The navratna ("nine gems") pairs each of the nine celestial influences of Vedic astrology with a stone.</p>
<table><thead><tr><th scope="col">Planet</th><th scope="col">Gem</th></tr></thead><tbody>
<tr><td>Sun</td><td>Ruby (manik)</td></tr><tr><td>Moon</td><td>Pearl (moti)</td></tr><tr><td>Mars</td><td>Red coral (moonga)</td></tr>
<tr><td>Mercury</td><td>Emerald (panna)</td></tr><tr><td>Jupiter</td><td>Yellow sapphire (pukhraj)</td></tr><tr><td>Venus</td><td>Diamond (heera)</td></tr>
<tr><td>Saturn</td><td>Blue sapphire (neelam)</td></tr><tr><td>Rahu</td><td>Hessonite (gomed)</td></tr><tr><td>Ketu</td><td>Cat's eye (lehsunia)</td></tr></tbody></table>
<p>In a navratna jewel the ruby sits at the centre with the other eight around it in a traditional order. Because all nine are present, the piece is worn for balance rather than to strengthen one planet, and individual stones can be smaller.</p>
<p>If you are buying a single stone on an astrologer's advice, bring the recommendation with you: we can show you certified stones of the right weight.</p>`,
    },
    {
      title: 'How to Clean and Store Your Gemstones',
      url: 'clean-and-store-gemstones', coverGem: 'emerald', palette: forest,
      description: 'Safe cleaning for hard and soft stones, and how to keep them from scratching each other.',
      categories: ['care-and-jewellery'], keywords: 'gemstone care, clean gemstones, store jewellery, mohs hardness',
      body: `<p>Most gemstone damage happens at home: a ring knocked on a counter, a pearl wiped with perfume, a coral stored with sapphires.</p>
<h2>Hard stones</h2>
<p>Diamond, ruby, sapphires, cat's eye and hessonite tolerate warm water with a drop of mild soap and a soft toothbrush. Rinse and dry with a lint-free cloth.</p>
<h2>Delicate stones</h2>
<ul><li><strong>Emerald:</strong> lukewarm water only; no ultrasonic, steam or hot water, which can remove the oil in its fissures.</li>
<li><strong>Coral and pearl:</strong> wipe with a soft damp cloth after wearing. Never soak, never use chemicals.</li></ul>
<h2>Storage</h2>
<p>Keep each piece in its own pouch or a lined box compartment. Harder stones scratch softer ones, and pearls need a little air, so avoid sealed plastic for them.</p>`,
    },
    {
      title: 'Ring or Pendant? Setting Your Gemstone',
      url: 'ring-or-pendant-setting', coverGem: null, palette: cream,
      description: 'Prongs or bezel, gold or silver, open back or closed: choosing a setting for a loose stone.',
      categories: ['care-and-jewellery', 'astrology'], keywords: 'gemstone ring, gemstone pendant, bezel setting, open back setting',
      body: `<p>A loose stone becomes jewellery in a setting. The choice affects safety, appearance and, for astrological wear, tradition.</p>
<h2>Prongs or bezel</h2>
<p>Prongs show more of the stone and let light in from the sides. A bezel (a metal rim) protects the girdle and suits softer stones such as coral, pearl-like cabochons and emeralds.</p>
<h2>Open back</h2>
<p>Astrological tradition asks that the stone touch the skin, so many rings are made with an open back. An open back also lets you clean the pavilion.</p>
<h2>Metal</h2>
<p>Traditional pairings are gold for ruby, emerald and yellow sapphire, silver for pearl, and silver or panchdhatu for blue sapphire, hessonite and cat's eye. Your astrologer may advise otherwise.</p>
<h2>Measure first</h2>
<p>Give your jeweller the stone's measurements from its certificate. A setting made for the exact stone holds it securely.</p>`,
    },
    {
      title: 'Heat Treatment Explained: What Is Accepted and What Is Not',
      url: 'heat-treatment-explained', coverGem: 'blue-sapphire', palette: deep,
      description: 'Heating, oiling, diffusion, glass filling and dyeing, and how each changes value.',
      categories: ['gem-knowledge'], keywords: 'heated sapphire, unheated ruby, gemstone treatment, glass filled ruby, beryllium',
      body: `<p>Most coloured gemstones are treated in some way. Treatment is not fraud; hiding it is.</p>
<table><thead><tr><th scope="col">Treatment</th><th scope="col">Stones</th><th scope="col">Effect on value</th></tr></thead><tbody>
<tr><td>Traditional heating</td><td>Ruby, sapphires</td><td>Widely accepted; unheated stones earn a premium</td></tr>
<tr><td>Oil or resin filling</td><td>Emerald</td><td>Accepted when minor; value falls as enhancement increases</td></tr>
<tr><td>Beryllium diffusion</td><td>Sapphires, ruby</td><td>Much lower value; must be disclosed</td></tr>
<tr><td>Lead-glass filling</td><td>Ruby</td><td>A composite, worth a small fraction of a ruby; fragile</td></tr>
<tr><td>Dyeing</td><td>Coral, pearl, some quartz</td><td>Low value; colour can fade</td></tr></tbody></table>
<p>Every stone ${s.name} sells carries a laboratory report that states its treatment, and we never sell glass-filled, diffused or dyed stones.</p>`,
    },
    {
      title: 'Why Price per Carat Rises with Size',
      url: 'price-per-carat-and-size', coverGem: 'diamond', palette: deep,
      description: 'Why a 6 carat sapphire costs more than twice a 3 carat one, and how to buy smart.',
      categories: ['buying-guides'], keywords: 'price per carat, gemstone price, sapphire price, buying gemstones',
      body: `<p>Gem prices are quoted per carat, and the rate is not fixed: larger stones of the same quality are rarer, so each carat costs more.</p>
<h2>An example</h2>
<p>If a fine 2 carat sapphire sells at a certain rate per carat, a 5 carat stone of the same colour and clarity may sell at one and a half to two times that rate, so it costs three to five times as much in total.</p>
<h2>Buying smart</h2>
<ul>
<li><strong>Just below a round number:</strong> a 4.9 ratti stone can be noticeably cheaper than a 5.25 ratti stone and looks the same.</li>
<li><strong>Face-up size:</strong> a well-cut stone can look larger than a heavier, deep-bellied one. Compare millimetres, not only weight.</li>
<li><strong>Colour before size:</strong> a smaller stone of good colour is a better buy than a large, dull one.</li>
</ul>
<p>Use the listing's weight filter in carats to compare stones around your target size.</p>`,
    },
  ];
}
