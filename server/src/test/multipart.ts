/** A multipart/form-data body with one file part, as a browser's form sends it. */
export function multipartForm(file: { field?: string; name: string; type: string; bytes: Buffer }) {
  const boundary = '----shop-test-boundary-7MA4YWxkTrZu0gW';
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
