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

const BOUNDARY = '----shop-test-boundary-odd';
const FILE_HEAD =
  `--${BOUNDARY}\r\n` +
  'Content-Disposition: form-data; name="file"; filename="photo.png"\r\n' +
  'Content-Type: image/png\r\n\r\n';
const withBoundary = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** Bodies a broken or hostile client sends as multipart/form-data: each one must answer 400, never 5xx. */
export const MALFORMED_MULTIPART: { name: string; payload: string; headers: Record<string, string> }[] = [
  {
    name: 'no boundary in the content type',
    payload: `${FILE_HEAD}picture\r\n--${BOUNDARY}--\r\n`,
    headers: { 'content-type': 'multipart/form-data' },
  },
  { name: 'a boundary the body lacks', payload: 'just some text, no parts at all', headers: withBoundary },
  { name: 'a body cut in the middle of the file', payload: `${FILE_HEAD}pict`, headers: withBoundary },
  {
    name: 'a body cut after the file',
    payload: `${FILE_HEAD}picture\r\n--${BOUNDARY}\r\nContent-Disposition: form-da`,
    headers: withBoundary,
  },
  {
    name: 'a part with no headers',
    payload: `--${BOUNDARY}\r\n\r\npicture\r\n--${BOUNDARY}--\r\n`,
    headers: withBoundary,
  },
  {
    name: 'a malformed part header',
    payload: `--${BOUNDARY}\r\nContent-Disposition form-data name file\r\n\r\npicture\r\n--${BOUNDARY}--\r\n`,
    headers: withBoundary,
  },
];
