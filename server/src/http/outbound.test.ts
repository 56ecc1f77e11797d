import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createOutboundClient,
  isPublicAddress,
  OUTBOUND_FAILED,
  OutboundError,
  parseAllowedHosts,
  type Resolver,
} from './outbound.ts';

interface StandIn {
  port: number;
  origin: string;
  hits: IncomingMessage[];
  close: () => Promise<void>;
}

/** A local HTTP server that records every request it receives. */
async function standIn(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<StandIn> {
  const hits: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    hits.push(request);
    handle(request, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const json = (response: ServerResponse, body: object, status = 200) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Answers the host names a test names; any other name is "not found", so no test reaches real DNS. */
const resolverOf = (answers: Record<string, string[]>): Resolver =>
  vi.fn(async (hostname: string) => {
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('which addresses are public', () => {
  it.each([['8.8.8.8'], ['93.184.215.14'], ['2606:4700:4700::1111']])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '127.255.10.1'],
    ['loopback', '::1'],
    ['private', '10.1.2.3'],
    ['private', '172.16.0.1'],
    ['private', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['link-local', 'fe80::1'],
    ['unique-local', 'fd00::1'],
    ['unique-local', 'fc00::5'],
    ['unspecified', '0.0.0.0'],
    ['unspecified', '::'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['reserved', '240.0.0.1'],
    ['documentation', '192.0.2.1'],
    ['documentation', '2001:db8::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['not an address', 'localhost'],
  ])('%s %s is not', (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('the guarded outbound client', () => {
  let internal: StandIn;
  let courier: StandIn;
  let other: StandIn;

  beforeAll(async () => {
    internal = await standIn((_request, response) => json(response, { secret: 'instance credentials' }));
    courier = await standIn((request, response) => {
      const url = request.url ?? '';
      if (url === '/status')
        return json(response, { ok: true, authorization: request.headers.authorization });
      if (url === '/to-internal')
        return response.writeHead(302, { location: `${internal.origin}/latest/meta-data` }).end();
      if (url === '/to-self') return response.writeHead(301, { location: '/status' }).end();
      if (url === '/to-other') return response.writeHead(307, { location: `${other.origin}/echo` }).end();
      if (url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
      if (url === '/large') return response.writeHead(200).end('x'.repeat(1024 * 1024 + 1));
      if (url === '/streamed') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'y'.repeat(64 * 1024);
        for (let i = 0; i < 20; i += 1) response.write(chunk);
        return response.end();
      }
      if (url === '/small') return response.writeHead(200).end('z'.repeat(1000));
      if (url === '/silent') return; // never answers
      return json(response, { error: 'unknown' }, 404);
    });
    other = await standIn((request, response) =>
      json(response, { authorization: request.headers.authorization ?? null }),
    );
  });
  afterAll(async () => {
    await Promise.all([internal.close(), courier.close(), other.close()]);
  });

  const allowCourier = () => [{ host: '127.0.0.1', port: courier.port }];

  it('refuses internal addresses written as literals in any form, without connecting or resolving', async () => {
    const resolve = resolverOf({});
    // The internal port counts as ordinary here, so only the address can be the reason.
    const client = createOutboundClient({ resolve, ports: [internal.port, 80] });
    const port = internal.port;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[::1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00::1]/',
      'http://10.0.0.8/',
      'http://100.100.100.200/latest/meta-data',
    ]) {
      const error = await failure(client.request(url));
      expect(error.message, url).toBe(OUTBOUND_FAILED);
      expect(client.precheck(url), url).toBe('address');
    }
    expect(internal.hits).toHaveLength(0);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a host name whose DNS answer is internal, checked when connecting', async () => {
    const resolve = resolverOf({
      'tracking.courier-partner.com': ['127.0.0.1'],
      'rates.example.net': ['93.184.215.14', '10.0.0.7'],
      'v6.example.net': ['::ffff:127.0.0.1'],
    });
    const client = createOutboundClient({ resolve, ports: [internal.port] });
    for (const host of ['tracking.courier-partner.com', 'rates.example.net', 'v6.example.net']) {
      const url = `http://${host}:${internal.port}/latest/meta-data`;
      // Nothing in the address itself says it is internal: only the DNS answer does.
      expect(client.precheck(url)).toBeNull();
      const error = await failure(client.request(url));
      expect(error.message).toBe(OUTBOUND_FAILED);
      expect(error.reason).toContain('not allowed');
    }
    expect(resolve).toHaveBeenCalledWith('tracking.courier-partner.com');
    expect(internal.hits).toHaveLength(0);
  });

  it('refuses localhost through the system resolver', async () => {
    const client = createOutboundClient({ ports: [internal.port] });
    expect(client.precheck(`http://localhost:${internal.port}/`)).toBe('address');
    await failure(client.request(`http://localhost:${internal.port}/`));
    await failure(client.request(`http://LOCALHOST.:${internal.port}/`));
    expect(internal.hits).toHaveLength(0);
  });

  it('reaches what the operator allow-listed, and only that', async () => {
    const byAddress = createOutboundClient({ allow: allowCourier() });
    const answer = await byAddress.request(`${courier.origin}/status`, {
      headers: { Authorization: 'Bearer k' },
    });
    expect(answer).toMatchObject({ status: 200, ok: true });
    expect(JSON.parse(answer.text)).toEqual({ ok: true, authorization: 'Bearer k' });
    // Another port of the same address is not in the list.
    await failure(byAddress.request(`${internal.origin}/`));

    const resolve = resolverOf({ 'courier.internal': ['127.0.0.1'] });
    const byName = createOutboundClient({ allow: [{ host: 'courier.internal', port: null }], resolve });
    expect((await byName.request(`http://courier.internal:${courier.port}/status`)).status).toBe(200);
    const byRange = createOutboundClient({ allow: [{ host: '127.0.0.0/8', port: null }], resolve });
    expect((await byRange.request(`http://courier.internal:${courier.port}/status`)).status).toBe(200);
    const otherName = createOutboundClient({
      allow: [{ host: 'courier.internal', port: null }],
      resolve: resolverOf({ 'tracking.courier-partner.com': ['127.0.0.1'] }),
    });
    await failure(otherName.request(`http://tracking.courier-partner.com:${courier.port}/status`));
    expect(internal.hits).toHaveLength(0);
  });

  it('allows http and https only, on ordinary ports, without credentials in the address', async () => {
    const resolve = resolverOf({ 'tracking.example.com': ['93.184.215.14'] });
    const client = createOutboundClient({ resolve });
    expect(client.precheck('https://tracking.example.com/v1')).toBeNull();
    expect(client.precheck('http://tracking.example.com:8080/v1')).toBeNull();
    expect(client.precheck('https://93.184.215.14:8443/v1')).toBeNull();
    expect(client.precheck('http://93.184.215.14:22/')).toBe('port');
    expect(client.precheck('http://tracking.example.com:6379/')).toBe('port');
    expect(client.precheck('ftp://tracking.example.com/')).toBe('scheme');
    expect(client.precheck('file:///etc/passwd')).toBe('scheme');
    expect(client.precheck('gopher://tracking.example.com/')).toBe('scheme');
    expect(client.precheck('http://tracking example.com/')).toBe('scheme');
    expect(client.precheck('not a url')).toBe('scheme');
    expect(client.precheck('https://user:secret@tracking.example.com/')).toBe('credentials');
    for (const url of [
      'http://tracking.example.com:22/',
      'file:///etc/passwd',
      'https://u:p@tracking.example.com/',
    ]) {
      expect((await failure(client.request(url))).message).toBe(OUTBOUND_FAILED);
    }
    // Refused before any connection: a public address on port 22 is never tried.
    expect(resolve).not.toHaveBeenCalled();
  });

  it('checks every redirect hop again', async () => {
    const client = createOutboundClient({ allow: allowCourier() });
    const error = await failure(client.request(`${courier.origin}/to-internal`));
    expect(error.message).toBe(OUTBOUND_FAILED);
    expect(internal.hits).toHaveLength(0);

    const followed = await client.request(`${courier.origin}/to-self`, {
      headers: { authorization: 'Bearer k' },
    });
    expect(JSON.parse(followed.text)).toEqual({ ok: true, authorization: 'Bearer k' });

    // A redirect to another origin (allowed too) does not carry the key along.
    const both = createOutboundClient({
      allow: [...allowCourier(), { host: '127.0.0.1', port: other.port }],
    });
    const moved = await both.request(`${courier.origin}/to-other`, {
      headers: { authorization: 'Bearer k' },
    });
    expect(JSON.parse(moved.text)).toEqual({ authorization: null });

    await failure(client.request(`${courier.origin}/loop`));
    const off = createOutboundClient({ allow: allowCourier(), maxRedirects: 0 });
    expect(await off.request(`${courier.origin}/to-internal`)).toMatchObject({ status: 302, ok: false });
    expect(internal.hits).toHaveLength(0);
  });

  it('caps the size of an answer', async () => {
    const client = createOutboundClient({ allow: allowCourier() });
    expect((await failure(client.request(`${courier.origin}/large`))).reason).toMatch(/over 1048576/);
    expect((await client.request(`${courier.origin}/small`)).text).toHaveLength(1000);
    const small = createOutboundClient({ allow: allowCourier(), maxBytes: 100 * 1024 });
    // No Content-Length: counted as it arrives, and cut off.
    expect((await failure(small.request(`${courier.origin}/streamed`))).reason).toMatch(/over 102400 bytes/);
  });

  it('gives up at its deadline', async () => {
    const client = createOutboundClient({ allow: allowCourier(), timeoutMs: 300 });
    const started = Date.now();
    const error = await failure(client.request(`${courier.origin}/silent`));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.reason).toBe('timed out');
  });

  it('says the same to staff whether the port was closed, the address refused or the service silent', async () => {
    const closed = await standIn(() => undefined);
    await closed.close();
    const warn = vi.fn();
    const allow = [...allowCourier(), { host: '127.0.0.1', port: closed.port }];
    const client = createOutboundClient({ allow, timeoutMs: 300, log: { warn } });
    const errors = [
      await failure(client.request(`${closed.origin}/status`)),
      await failure(client.request(`${internal.origin}/status`)),
      await failure(client.request(`${courier.origin}/silent`)),
    ];
    expect(errors.map((error) => error.message)).toEqual([OUTBOUND_FAILED, OUTBOUND_FAILED, OUTBOUND_FAILED]);
    expect(errors.map((error) => String(error))).toEqual(Array(3).fill(`OutboundError: ${OUTBOUND_FAILED}`));
    // The reasons differ, and go to the server's log only.
    expect(errors[0]?.reason).toMatch(/ECONNREFUSED/);
    expect(errors[1]?.reason).toMatch(/refused \(address\)/);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(
      { target: closed.origin, reason: errors[0]?.reason },
      'Outbound request failed',
    );
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('reads host names, addresses and ranges, each with or without a port', () => {
    expect(
      parseAllowedHosts('courier.internal:8080, 10.0.0.5 ,10.1.0.0/16,[fd00::5]:8443,fd00::6,Tracking.LAN.')
        .hosts,
    ).toEqual([
      { host: 'courier.internal', port: 8080 },
      { host: '10.0.0.5', port: null },
      { host: '10.1.0.0/16', port: null },
      { host: 'fd00::5', port: 8443 },
      { host: 'fd00::6', port: null },
      { host: 'tracking.lan', port: null },
    ]);
    expect(parseAllowedHosts('').hosts).toEqual([]);
  });

  it('names every entry it cannot read', () => {
    const { problems } = parseAllowedHosts('courier.internal:99999,http://x,10.0.0.0/40,ok.lan');
    expect(problems).toEqual([
      'OUTBOUND_ALLOW_HOSTS entries must be host[:port], an address or a range, not "courier.internal:99999"',
      'OUTBOUND_ALLOW_HOSTS entries must be host[:port], an address or a range, not "http://x"',
      'OUTBOUND_ALLOW_HOSTS entries must be host[:port], an address or a range, not "10.0.0.0/40"',
    ]);
  });
});
