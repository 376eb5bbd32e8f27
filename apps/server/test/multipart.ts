export type Part = [name: string, value: string] | [name: string, data: Buffer, filename: string, type: string];

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----gemstore${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.length === 2) {
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${p[0]}"\r\n\r\n${p[1]}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${p[0]}"; filename="${p[2]}"\r\ncontent-type: ${p[3]}\r\n\r\n`), p[1], Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
