/** The demo's static pages: guides, astrology notes, policies and know-us pages, in plain sanitisable HTML. */
import type { StoreDef } from './stores.ts';

export interface PageDef {
  title: string;
  url: string;
  placement: 'category' | 'policy' | 'know_us' | 'non_categorized';
  /** Page category name, for placement 'category'. */
  category?: string;
  metaDescription: string;
  body: string;
}

export const PAGE_CATEGORIES = ['Gemstone Guides', 'Astrology'] as const;

const RATTI_ROWS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15].map((r) => {
  const mg = r * 182;
  return `<tr><td>${r}</td><td>${mg}</td><td>${(mg / 200).toFixed(2)}</td></tr>`;
}).join('');

export function pagesFor(s: StoreDef): PageDef[] {
  const money = s.isFromIndia
    ? 'All prices are in Indian rupees and include GST (HSN 7103) and insured delivery within India.'
    : 'Prices are shown in US dollars, converted from our rupee price list, and include insured delivery. Import duties and local taxes, where they apply, are collected by the carrier in your country.';
  return [
    // ------------------------------------------------------------------ Gemstone Guides
    {
      title: 'How to Choose a Blue Sapphire', url: 'how-to-choose-a-blue-sapphire', placement: 'category', category: 'Gemstone Guides',
      metaDescription: 'Colour, clarity, origin and treatment: a practical checklist for buying a natural blue sapphire (Neelam).',
      body: `<h2>How to choose a blue sapphire</h2>
<p>Blue sapphire (Neelam) is corundum coloured by traces of iron and titanium. Two stones of the same weight can differ in price ten times over, and almost all of that difference is explained by four things: colour, clarity, cut and treatment.</p>
<h3>1. Colour comes first</h3>
<p>Judge hue, tone and saturation. The most valued stones are a pure to slightly violetish blue, of medium to medium-dark tone, with strong saturation. Avoid stones so dark they look black indoors ("inky"), and stones with a grey or green cast.</p>
<ul>
<li><strong>Royal Blue</strong>: deep, velvety and saturated; the classic choice.</li>
<li><strong>Cornflower Blue</strong>: lighter and brighter, typical of fine Ceylon stones.</li>
</ul>
<p>Look at the stone from the top and tilt it: strong <em>colour zoning</em> (bands of blue and colourless) lowers the value.</p>
<h3>2. Clarity</h3>
<p>Coloured stones are judged by eye, not under a loupe as diamonds are. "Eye clean" means you see no inclusions at arm's length. Fine needle-like "silk" is normal and can soften the colour attractively.</p>
<h3>3. Cut</h3>
<p>A well-cut sapphire returns light across the whole face. Look for a <em>window</em> (a washed-out, see-through centre), which means the pavilion is too shallow, and for a very deep belly, which adds weight you pay for but cannot see.</p>
<h3>4. Treatment and the certificate</h3>
<p>Most sapphires in the market are heated to improve colour and clarity. Heating is stable and accepted when it is disclosed, but unheated stones of equal quality cost noticeably more. Avoid beryllium-diffused and glass-filled stones unless you are paying for exactly that. Every sapphire we sell comes with a laboratory report that names the treatment.</p>
<h3>Origin</h3>
<table><thead><tr><th scope="col">Origin</th><th scope="col">Typical look</th></tr></thead>
<tbody><tr><td>Ceylon (Sri Lanka)</td><td>Bright cornflower to royal blue, high lustre</td></tr>
<tr><td>Kashmir</td><td>Soft, velvety blue; very rare, mostly old stock</td></tr>
<tr><td>Burma (Myanmar)</td><td>Rich royal blue</td></tr>
<tr><td>Thailand and Madagascar</td><td>Deeper tones, good value</td></tr></tbody></table>
<p>Origin is a laboratory opinion, not a grade: a beautiful Madagascar stone is a better buy than a dull one with a famous name.</p>`,
    },
    {
      title: 'How to Read a Gem Lab Certificate', url: 'how-to-read-a-gem-certificate', placement: 'category', category: 'Gemstone Guides',
      metaDescription: 'What each line of a gemstone report means: identification, weight, measurements, treatment and origin.',
      body: `<h2>How to read a gem lab certificate</h2>
<p>A laboratory report (often called a certificate) is an independent description of one stone. It does not set a price, but it tells you exactly what you are buying. Every stone in ${s.name} carries one, and you can see it on the stone's page before you buy.</p>
<h3>The lines that matter</h3>
<table><thead><tr><th scope="col">Field</th><th scope="col">What it tells you</th></tr></thead><tbody>
<tr><td>Report number</td><td>The key to look the report up on the laboratory's own website. Always check it.</td></tr>
<tr><td>Identification</td><td>Species and variety, for example "Natural corundum, blue sapphire". The word <em>natural</em> is essential; "synthetic" or "laboratory-grown" means a man-made stone.</td></tr>
<tr><td>Weight</td><td>In carats, to two decimals (1 carat = 200 mg).</td></tr>
<tr><td>Measurements</td><td>Length x width x depth in millimetres. Compare them with the stone in hand.</td></tr>
<tr><td>Shape and cut</td><td>Oval, cushion, cabochon and so on.</td></tr>
<tr><td>Colour</td><td>The laboratory's description, not a grade of beauty.</td></tr>
<tr><td>Comments / treatment</td><td>"No indications of heating", "Heated", "Minor oil", "Dyed". The most important line after identification.</td></tr>
<tr><td>Origin</td><td>Some laboratories give an opinion on geographic origin. It is an opinion based on inclusions and chemistry.</td></tr>
</tbody></table>
<h3>Which laboratories?</h3>
<ul>
<li><strong>GIA</strong> (Gemological Institute of America) and <strong>IGI</strong> (International Gemological Institute): widely recognised, especially for diamonds.</li>
<li><strong>GRS</strong> (GemResearch Swisslab): known for coloured stones and origin opinions.</li>
<li><strong>GII</strong> (Gemmological Institute of India) and <strong>IIGJ</strong> (Indian Institute of Gems &amp; Jewellery): established Indian laboratories used widely for navratna stones.</li>
</ul>
<h3>Three checks before you pay</h3>
<ol>
<li>The report number verifies on the laboratory's website and the photo matches.</li>
<li>Weight and measurements on the report match the listing.</li>
<li>The treatment line says what the seller told you.</li>
</ol>`,
    },
    {
      title: 'Caring for Your Gemstones', url: 'caring-for-your-gemstones', placement: 'category', category: 'Gemstone Guides',
      metaDescription: 'Hardness, cleaning and storage for sapphire, ruby, emerald, diamond, coral, pearl and other gemstones.',
      body: `<h2>Caring for your gemstones</h2>
<p>Gemstones are durable but not indestructible. How you clean and store them depends on hardness (resistance to scratching, on the Mohs scale) and toughness (resistance to chipping).</p>
<table><thead><tr><th scope="col">Stone</th><th scope="col">Mohs hardness</th><th scope="col">Cleaning</th></tr></thead><tbody>
<tr><td>Diamond</td><td>10</td><td>Warm soapy water and a soft brush</td></tr>
<tr><td>Ruby, sapphires</td><td>9</td><td>Warm soapy water and a soft brush</td></tr>
<tr><td>Cat's eye (chrysoberyl)</td><td>8.5</td><td>Warm soapy water</td></tr>
<tr><td>Emerald</td><td>7.5 to 8</td><td>Lukewarm water only, no ultrasonic or steam (it is usually oiled)</td></tr>
<tr><td>Hessonite</td><td>7 to 7.5</td><td>Warm soapy water</td></tr>
<tr><td>Red coral</td><td>3 to 4</td><td>Wipe with a damp soft cloth; keep away from acids and perfume</td></tr>
<tr><td>Pearl</td><td>2.5 to 4.5</td><td>Wipe after wearing; never soak</td></tr>
</tbody></table>
<h3>Everyday habits</h3>
<ul>
<li>Put jewellery on last, after creams, perfume and hair spray, and take it off first.</li>
<li>Remove rings for gardening, the gym and housework.</li>
<li>Store each piece separately in a soft pouch: a sapphire will scratch a coral, and a diamond will scratch everything.</li>
<li>Have prongs checked by a jeweller once a year.</li>
</ul>`,
    },
    // ------------------------------------------------------------------ Astrology
    {
      title: 'Navratna: The Nine Planetary Gems', url: 'navratna-nine-planetary-gems', placement: 'category', category: 'Astrology',
      metaDescription: 'The nine gems of Vedic astrology and the planet each one is associated with.',
      body: `<h2>Navratna: the nine planetary gems</h2>
<p>In Vedic astrology (Jyotish) each of the nine celestial influences, the <em>navagraha</em>, has a gemstone. Astrologers recommend a stone after reading a birth chart; the list below is the traditional pairing.</p>
<table><thead><tr><th scope="col">Planet</th><th scope="col">Gem</th><th scope="col">Hindi name</th></tr></thead><tbody>
<tr><td>Sun (Surya)</td><td>Ruby</td><td>Manik</td></tr>
<tr><td>Moon (Chandra)</td><td>Pearl</td><td>Moti</td></tr>
<tr><td>Mars (Mangal)</td><td>Red Coral</td><td>Moonga</td></tr>
<tr><td>Mercury (Budh)</td><td>Emerald</td><td>Panna</td></tr>
<tr><td>Jupiter (Guru)</td><td>Yellow Sapphire</td><td>Pukhraj</td></tr>
<tr><td>Venus (Shukra)</td><td>Diamond</td><td>Heera</td></tr>
<tr><td>Saturn (Shani)</td><td>Blue Sapphire</td><td>Neelam</td></tr>
<tr><td>Rahu</td><td>Hessonite</td><td>Gomed</td></tr>
<tr><td>Ketu</td><td>Cat's Eye</td><td>Lehsunia</td></tr>
</tbody></table>
<h3>The navratna jewel</h3>
<p>A navratna ring or pendant sets all nine together, traditionally with the ruby (the Sun) at the centre and the other eight around it. It is worn as a balanced, auspicious piece rather than as a remedy for one planet.</p>
<p>Astrological guidance differs between traditions and practitioners. We describe stones accurately and certify them; we do not promise astrological results.</p>`,
    },
    {
      title: 'Wearing Your Gemstone: Metal, Finger and Day', url: 'wearing-your-gemstone', placement: 'category', category: 'Astrology',
      metaDescription: 'Traditional guidance on the metal, finger and day for wearing each navratna gemstone.',
      body: `<h2>Wearing your gemstone: metal, finger and day</h2>
<p>Traditional practice pairs each gem with a metal, a finger and a day of the week to first wear it. These are the common recommendations; follow your astrologer where they differ.</p>
<table><thead><tr><th scope="col">Gem</th><th scope="col">Metal</th><th scope="col">Finger</th><th scope="col">Day</th></tr></thead><tbody>
<tr><td>Ruby (Manik)</td><td>Gold or copper</td><td>Ring</td><td>Sunday</td></tr>
<tr><td>Pearl (Moti)</td><td>Silver</td><td>Little</td><td>Monday</td></tr>
<tr><td>Red Coral (Moonga)</td><td>Gold or copper</td><td>Ring</td><td>Tuesday</td></tr>
<tr><td>Emerald (Panna)</td><td>Gold</td><td>Little</td><td>Wednesday</td></tr>
<tr><td>Yellow Sapphire (Pukhraj)</td><td>Gold</td><td>Index</td><td>Thursday</td></tr>
<tr><td>Diamond (Heera)</td><td>Platinum, white gold or silver</td><td>Middle or ring</td><td>Friday</td></tr>
<tr><td>Blue Sapphire (Neelam)</td><td>Silver or panchdhatu</td><td>Middle</td><td>Saturday</td></tr>
<tr><td>Hessonite (Gomed)</td><td>Silver or panchdhatu</td><td>Middle</td><td>Saturday</td></tr>
<tr><td>Cat's Eye (Lehsunia)</td><td>Silver or panchdhatu</td><td>Middle or little</td><td>Tuesday or Thursday</td></tr>
</tbody></table>
<h3>How heavy?</h3>
<p>A common rule of thumb is about one ratti for every 10 to 12 kg of body weight, with a practical minimum of about 3 ratti for coloured stones. Quality matters more than size: a clean, well-coloured 4 ratti stone is a better choice than a dull 7 ratti one.</p>
<h3>Open-back settings</h3>
<p>Many buyers ask for an open-back setting so that the stone touches the skin. Any good jeweller can make one; tell us when you order and we will keep the measurements of your stone on record.</p>`,
    },
    // ------------------------------------------------------------------ Non-categorised
    {
      title: 'Ratti to Carat', url: 'ratti-to-carat', placement: 'non_categorized',
      metaDescription: 'Convert ratti to carat and milligrams: the ratti used by this store, a conversion table and the formula.',
      body: `<h2>Ratti to carat conversion</h2>
<p>Indian gem buyers often ask for a stone in <em>ratti</em>, while laboratories weigh in <em>carats</em>. The carat is exact: <strong>1 carat = 200 mg</strong>. The ratti is not: it began as the weight of a seed, and shops use different values.</p>
<p>${s.name} uses <strong>1 ratti = 182 mg = 0.91 carat</strong>, the most common value in Indian retail (sometimes called the <em>pakki ratti</em>). Some traders use a lighter ratti of about 121.5 mg, so always compare stones in carats or milligrams, which is why every stone page shows the weight in mg.</p>
<h3>Formulae</h3>
<ul><li>carats = milligrams / 200</li><li>ratti = milligrams / 182</li><li>ratti = carats x 200 / 182 (about carats x 1.099)</li></ul>
<h3>Conversion table</h3>
<table><thead><tr><th scope="col">Ratti</th><th scope="col">Milligrams</th><th scope="col">Carats</th></tr></thead><tbody>${RATTI_ROWS}</tbody></table>
<h3>What "5.25+" means in our filters</h3>
<p>The ratti filter groups stones into standard steps: 1.25, 2.25, 3.25 and so on. A stone listed under 5.25+ weighs at least 5.25 ratti and less than 6.25 ratti. Its exact weight is on its page.</p>`,
    },
    {
      title: 'Why Certified Gemstones', url: 'why-certified-gemstones', placement: 'non_categorized',
      metaDescription: 'Why a laboratory report protects you when you buy a natural gemstone.',
      body: `<h2>Why buy certified gemstones?</h2>
<p>Gem trading has always depended on trust, and the stones that cause trouble look very much like the real thing: glass-filled rubies, dyed coral, synthetic sapphires, quartz sold as cat's eye. A report from an independent laboratory replaces trust with evidence.</p>
<ul>
<li><strong>Identity:</strong> the report confirms the stone is natural and what species it is.</li>
<li><strong>Treatment:</strong> heating, oiling, dyeing and filling are named, and they change the value.</li>
<li><strong>Weight and size:</strong> measured on calibrated instruments, so you know what you are paying for.</li>
<li><strong>Resale:</strong> a certified stone is easier to insure, value and sell later.</li>
</ul>
<p>Every stone in our catalogue is unique and sold with its report. The report number is printed on the stone's page so you can verify it with the laboratory before you buy.</p>`,
    },
    // ------------------------------------------------------------------ Policies
    {
      title: 'Privacy Policy', url: 'privacy-policy', placement: 'policy',
      metaDescription: `How ${s.name} collects, uses and protects your personal data.`,
      body: `<h2>Privacy policy</h2>
<p>This policy explains what personal data ${s.name} collects when you use this website, why, and the choices you have. Questions: <a href="mailto:${s.email}">${s.email}</a>.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Account details:</strong> your name, mobile number and/or email address, and a password that we store only as a secure hash.</li>
<li><strong>Orders and addresses:</strong> delivery and billing addresses, the stones you buy, and return requests with any photos you upload.</li>
<li><strong>Payments:</strong> handled by our payment provider. We receive a payment reference and the amount; we never see or store your card or bank details.</li>
<li><strong>Enquiries:</strong> the name, email, phone and message you send through the contact form.</li>
<li><strong>Technical data:</strong> server logs (IP address, browser, pages requested) kept for security for a limited period.</li>
</ul>
<h3>Why we use it</h3>
<ul><li>To create your account and verify your phone or email with one-time passwords.</li><li>To process, deliver and support your orders and returns.</li><li>To prevent fraud and abuse, including rate limits on sign-in and messages.</li><li>To meet tax and accounting obligations.</li></ul>
<p>We do not sell your personal data and do not send marketing messages without your consent.</p>
<h3>How long we keep it</h3>
<p>Order and invoice records are kept for as long as the law requires (in India, eight years for accounting records). Account data is kept while your account is active; ask us and we will delete it, except what we must retain by law.</p>
<h3>Your rights</h3>
<p>You may ask for a copy of your data, ask us to correct or delete it, or withdraw consent at any time by writing to ${s.email}.</p>`,
    },
    {
      title: 'Return Policy', url: 'return-policy', placement: 'policy',
      metaDescription: `Returning a gemstone to ${s.name}: time limits, conditions and refunds.`,
      body: `<h2>Return policy</h2>
<p>We want you to be certain of your stone. If it is not right, you may return it within <strong>10 days of delivery</strong> for a full refund.</p>
<h3>Conditions</h3>
<ul>
<li>The stone must be returned exactly as delivered: not set, re-cut, re-polished or damaged.</li>
<li>The original laboratory certificate and the invoice must come back with the stone. Without them we cannot accept the return, because the report is part of the stone's value.</li>
<li>Stones set in jewellery made to your order can be returned as loose stones only; making charges are not refundable.</li>
</ul>
<h3>How to return</h3>
<ol>
<li>Open the order in <em>Your Orders</em> and choose <em>Return</em>. Pick the stones, a reason (defective, wrong product or not satisfied) and add photos if something is wrong.</li>
<li>When your request is approved, send the parcel by an insured courier (Fedex or Delhivery) and enter the tracking number on the order page.</li>
<li>We inspect the stone against its certificate within 3 working days of receipt.</li>
</ol>
<h3>Refunds</h3>
<p>Refunds go to the original payment method within 7 working days of a successful inspection. If the stone is not as described, we also refund your return shipping.</p>`,
    },
    {
      title: 'Shipping Policy', url: 'shipping-policy', placement: 'policy',
      metaDescription: `How ${s.name} ships gemstones: dispatch times, insurance and tracking.`,
      body: `<h2>Shipping policy</h2>
<p>${money}</p>
<ul>
<li><strong>Dispatch:</strong> loose stones leave us within 2 working days of payment, with the certificate and invoice in the same parcel.</li>
<li><strong>Insurance:</strong> every parcel is insured for its full value until it is signed for.</li>
<li><strong>Packaging:</strong> discreet, tamper-evident packaging with no mention of gems on the outside.</li>
<li><strong>Tracking:</strong> the courier and tracking number appear on your order page as soon as the parcel is dispatched.</li>
<li><strong>Delivery:</strong> ${s.isFromIndia ? '2 to 5 working days to most Indian pin codes' : '5 to 10 working days to most countries'}; a signature and photo ID may be required.</li>
</ul>
<p>If a parcel arrives opened or damaged, please refuse it or note it on the courier's receipt and write to us at ${s.email} the same day.</p>`,
    },
    {
      title: 'Terms and Conditions', url: 'terms-and-conditions', placement: 'policy',
      metaDescription: `The terms for buying from ${s.name}.`,
      body: `<h2>Terms and conditions</h2>
<p>These terms apply to every purchase from ${s.name}. By placing an order you accept them.</p>
<h3>The stones</h3>
<ul>
<li>Every stone is natural and unique, and is described by its own laboratory certificate. Where our description and the certificate differ, the certificate prevails.</li>
<li>Pictures on the website are illustrations of the stone's colour and cut; the certificate and the stated measurements describe the actual stone.</li>
<li>Weights are shown in milligrams, carats (1 carat = 200 mg) and ratti (1 ratti = 182 mg).</li>
</ul>
<h3>Orders and prices</h3>
<ul>
<li>${money}</li>
<li>Placing an order reserves its stones for 15 minutes while you pay. If payment does not arrive in time the reservation lapses and the stones return to sale.</li>
<li>If a payment arrives for a stone that was no longer available, we refund it in full.</li>
</ul>
<h3>Astrological use</h3>
<p>Information about the astrological significance of gems is traditional knowledge offered for interest. We make no promise of astrological or health effects.</p>
<h3>Contact</h3>
<p>${s.name}, ${s.address}. Email <a href="mailto:${s.email}">${s.email}</a>, phone ${s.phone}.</p>`,
    },
    // ------------------------------------------------------------------ Know us
    {
      title: 'About Us', url: 'about-us', placement: 'know_us',
      metaDescription: `${s.name}: ${s.tagline.toLowerCase()}.`,
      body: `<h2>About ${s.name}</h2>
<p>${s.name} sells natural gemstones one stone at a time. We do not sell "a ruby of about 5 ratti": we sell <em>this</em> ruby, with its own weight, measurements, photographs and laboratory report, and when it is sold it is gone.</p>
<p>${s.isFromIndia
        ? 'We are based in Johari Bazaar, Jaipur, where coloured stones have been cut and traded for three centuries. Our buyers source rough and cut stones from Sri Lanka, Myanmar, East Africa and Colombia, and select each one by eye before it is sent to the laboratory.'
        : 'We work from New York\'s diamond district with partner cutters in Jaipur and Colombo, and ship worldwide. Our buyers select each stone by eye before it is sent to an independent laboratory.'}</p>
<h3>What we promise</h3>
<ul>
<li>Natural stones only, with every treatment disclosed.</li>
<li>A laboratory certificate with every stone, verifiable online.</li>
<li>Honest weights in milligrams, carats and ratti.</li>
<li>A 10-day return window, no questions asked, as long as the stone and certificate come back as sent.</li>
</ul>`,
    },
    {
      title: 'Our Certification', url: 'our-certification', placement: 'know_us',
      metaDescription: 'Which laboratories certify our stones and how to verify a report.',
      body: `<h2>Our certification</h2>
<p>Every stone is examined by an independent gemmological laboratory before it is listed. We choose the laboratory by the kind of stone:</p>
<table><thead><tr><th scope="col">Stones</th><th scope="col">Laboratories</th></tr></thead><tbody>
<tr><td>Diamond</td><td>GIA, IGI</td></tr>
<tr><td>Ruby, blue sapphire, emerald</td><td>GRS, GIA, IGI, GII</td></tr>
<tr><td>Yellow sapphire, hessonite, cat's eye</td><td>GII, IIGJ, IGI</td></tr>
<tr><td>Red coral and pearl</td><td>GII, IIGJ, IGI, GIA</td></tr>
</tbody></table>
<h3>Verify it yourself</h3>
<ol><li>Open the stone's page and note the laboratory and report number under <em>Additional Information</em>.</li>
<li>Enter the number on the laboratory's report-check page.</li>
<li>Compare the weight, measurements and photo with our listing.</li></ol>
<p>If anything does not match, do not buy, and tell us at ${s.email}. We will investigate and correct or remove the listing.</p>`,
    },
    {
      title: 'Contact Us', url: 'contact-us', placement: 'know_us',
      metaDescription: `Phone, email, WhatsApp and address of ${s.name}.`,
      body: `<h2>Contact us</h2>
<p>We answer every message within one working day.</p>
<ul>
<li><strong>Phone:</strong> ${s.phone} (Monday to Saturday, 10:00 to 19:00 ${s.isFromIndia ? 'IST' : 'Eastern Time'})</li>
<li><strong>WhatsApp:</strong> ${s.phone}</li>
<li><strong>Email:</strong> <a href="mailto:${s.email}">${s.email}</a></li>
<li><strong>Showroom:</strong> ${s.address} (by appointment)</li>
</ul>
<p>For questions about a particular stone, quote its SKU from the stone's page. You can also use the enquiry form at the foot of every page.</p>`,
    },
  ];
}
