// The bench's load generator (scale.mjs): a closed loop of N clients on keep-alive connections, each request
// timed from its own send to its last byte.
import http from 'node:http';

const round1 = (ms) => Math.round(ms * 10) / 10;

// ---- Load generator: a closed loop of N clients, each with its own keep-alive connection -----------------------

export async function measure({ port, clients, seconds, next }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const samples = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (performance.now() < deadline) {
        const request = next(worker);
        const t0 = performance.now();
        const answer = await send(port, { ...request, agent });
        request.onStatus?.(answer.status);
        samples.push({ label: request.label, ms: performance.now() - t0, status: answer.status });
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const stats = (list) => {
    const times = list.map((x) => x.ms).sort((a, b) => a - b);
    const at = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] : 0);
    const statuses = {};
    for (const x of list)
      if (x.status < 200 || x.status >= 300) statuses[x.status] = (statuses[x.status] ?? 0) + 1;
    return {
      requests: list.length,
      rps: Math.round(list.length / elapsed),
      p50: round1(at(0.5)),
      p95: round1(at(0.95)),
      p99: round1(at(0.99)),
      errors: Object.values(statuses).reduce((a, b) => a + b, 0),
      s503: statuses[503] ?? 0,
      statuses,
    };
  };
  const byLabel = {};
  for (const label of new Set(samples.map((x) => x.label))) {
    byLabel[label] = stats(samples.filter((x) => x.label === label));
  }
  return { all: stats(samples), byLabel };
}

/** One request; the body is read as sent (still compressed: the client does not pay for decoding). */
export function send(port, { path, method = 'GET', headers = {}, body, agent }) {
  return new Promise((resolvePromise) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method, headers, agent, timeout: 120_000 },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolvePromise({
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', () => resolvePromise({ status: 0, headers: {}, body: Buffer.alloc(0) }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolvePromise({ status: 0, headers: {}, body: Buffer.alloc(0) }));
    request.end(body);
  });
}

export async function signIn(port, path, email, password) {
  const answer = await send(port, {
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = answer.status === 200 ? JSON.parse(answer.body.toString()).data?.token : undefined;
  if (!token)
    throw new Error(`${path} as ${email}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return token;
}
