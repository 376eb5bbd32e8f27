import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, one line per text run (what a reader of an invoice or credit note sees). */
export async function pdfText(body: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(body), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) lines.push(item.str);
  }
  await doc.destroy();
  return lines.join('\n');
}
