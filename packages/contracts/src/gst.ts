/**
 * GST facts the invoice and the tax settings use (docs/architecture.md, "Money"). Zod-free.
 */

/** The GST state code (the first two digits of a GSTIN) of each state and union territory, by ISO 3166-2 id. */
export const GST_STATE_CODES: Record<string, string> = {
  'IN-JK': '01', 'IN-HP': '02', 'IN-PB': '03', 'IN-CH': '04', 'IN-UT': '05', 'IN-HR': '06', 'IN-DL': '07', 'IN-RJ': '08',
  'IN-UP': '09', 'IN-BR': '10', 'IN-SK': '11', 'IN-AR': '12', 'IN-NL': '13', 'IN-MN': '14', 'IN-MZ': '15', 'IN-TR': '16',
  'IN-ML': '17', 'IN-AS': '18', 'IN-WB': '19', 'IN-JH': '20', 'IN-OR': '21', 'IN-CT': '22', 'IN-MP': '23', 'IN-GJ': '24',
  'IN-DH': '26', 'IN-MH': '27', 'IN-KA': '29', 'IN-GA': '30', 'IN-LD': '31', 'IN-KL': '32', 'IN-TN': '33', 'IN-PY': '34',
  'IN-AN': '35', 'IN-TG': '36', 'IN-AP': '37', 'IN-LA': '38',
};

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2 digits of state, a 10-character PAN, the entity number, Z, a check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN (weights 1 and 2 alternately, base 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid for a state (ISO id), or null when it is. */
export function gstinProblem(gstin: string, stateId: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'A GSTIN has 15 characters: 2 digits of state, the 10-character PAN, the entity number, Z and a check character.';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'This GSTIN\'s check character is wrong: check it for a typing error.';
  const code = GST_STATE_CODES[stateId];
  if (code && gstin.slice(0, 2) !== code) return `A GSTIN of this state starts with ${code}.`;
  return null;
}

/** Rate in basis points (25 = 0.25%; halves of a basis point for CGST and SGST) as shown: "0.25%", "0.125%". */
export function gstRateLabel(rateBp: number): string {
  return `${(rateBp / 100).toFixed(3).replace(/\.?0+$/, '')}%`;
}

/** The Indian financial year (April to March, India time) of a moment: `2026-27`. */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** An invoice number: prefix, the financial year's short form, the number in the series: `RG/26-27/000123` (at most 16 characters). */
export function invoiceNumber(prefix: string, financialYear: string, n: number): string {
  return `${prefix}/${financialYear.slice(2)}/${String(n).padStart(6, '0')}`;
}

/** A credit note number: the shop's own series per financial year, `CN/2026-27/0001` (at most 16 characters). */
export function creditNoteNumber(financialYear: string, n: number): string {
  return `CN/${financialYear}/${String(n).padStart(4, '0')}`;
}
