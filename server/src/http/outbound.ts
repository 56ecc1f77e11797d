import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one way the server calls an address that staff, vendors or shoppers can influence (the courier endpoint, the
 * currency rates provider, and any later integration): a request to an internal address is server-side request
 * forgery waiting to happen. The host is resolved at connect time (so a DNS answer cannot change between the check
 * and the connection) and every address must be public unicast; redirects are followed by hand, each hop checked
 * again; only http(s) on ordinary ports; a deadline and a size cap. What a caller may show or store is the generic
 * `OUTBOUND_FAILED`: whether a port was closed, filtered or refused never reaches a screen or the API log.
 */

export const OUTBOUND_FAILED = 'The service could not be reached.';
/** Ports a request may use unless the operator allow-lists a host with its port. */
export const ORDINARY_PORTS: readonly number[] = [80, 443, 8080, 8443];
export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_CONNECT_TIMEOUT_MS = 5_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 3;

/** A failed outbound request: `message` is safe to show and store; `reason` is for the server's log only. */
export class OutboundError extends Error {
  constructor(readonly reason: string) {
    super(OUTBOUND_FAILED);
    this.name = 'OutboundError';
  }
}

/**
 * An operator's exception (OUTBOUND_ALLOW_HOSTS): a host name, an address or an address range (CIDR) that may be
 * internal. Without a port, any port of it; with one, only that port.
 */
export interface AllowedHost {
  host: string;
  port: number | null;
}

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundOptions {
  allow?: readonly AllowedHost[];
  /** DNS for host names; the system resolver by default (tests give their own answers). */
  resolve?: Resolver;
  ports?: readonly number[];
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
  /** 0 answers a redirect as it is. */
  maxRedirects?: number;
  /** Where refusals and failures are written with their reason (pino's `warn`). */
  log?: { warn(details: object, message: string): void };
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Why a URL is refused before any network work; null when it may be tried (its addresses are checked later). */
export type OutboundRefusal = 'scheme' | 'credentials' | 'port' | 'address';

export interface OutboundClient {
  request(url: string, init?: OutboundRequest): Promise<OutboundResponse>;
  precheck(url: string): OutboundRefusal | null;
}

/** A public unicast address: not loopback, private, link-local, unique-local, CGNAT, reserved, multicast, ... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped and other IPv6 forms that embed an IPv4 address are ranges of their own, never `unicast`.
  return ipaddr.parse(address).range() === 'unicast';
}

/** Parses OUTBOUND_ALLOW_HOSTS: `courier.internal:8080,10.0.0.5,10.1.0.0/16,[fd00::5]:8443`. */
export function parseAllowedHosts(text: string): { hosts: AllowedHost[]; problems: string[] } {
  const hosts: AllowedHost[] = [];
  const problems: string[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const parsed = parseAllowedHost(entry);
    if (parsed) hosts.push(parsed);
    else
      problems.push(
        `OUTBOUND_ALLOW_HOSTS entries must be host[:port], an address or a range, not "${entry}"`,
      );
  }
  return { hosts, problems };
}

function parseAllowedHost(entry: string): AllowedHost | null {
  if (ipaddr.isValidCIDR(entry) && entry.includes('/')) {
    const [range, bits] = ipaddr.parseCIDR(entry);
    return { host: `${range.toString()}/${bits}`, port: null };
  }
  if (isIP(entry) === 6) return { host: ipaddr.parse(entry).toString(), port: null };
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]/]+))(?::(\d{1,5}))?$/i.exec(entry);
  if (!match) return null;
  const port = match[3] === undefined ? null : Number(match[3]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const host = match[1] ?? match[2] ?? '';
  if (match[1] !== undefined) return isIP(host) === 6 ? { host: ipaddr.parse(host).toString(), port } : null;
  if (isIP(host) === 4) return { host, port };
  if (!URL.canParse(`http://${host}/`)) return null;
  return { host: bareHost(new URL(`http://${host}/`).hostname), port };
}

const bareHost = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
const effectivePort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
const portMatches = (entry: AllowedHost, port: number) => entry.port === null || entry.port === port;
const isAddressEntry = (entry: AllowedHost) => isIP(entry.host) !== 0 || entry.host.includes('/');

function addressEntryMatches(entry: AllowedHost, address: string): boolean {
  const parsed = ipaddr.process(address);
  if (entry.host.includes('/')) {
    const [range, bits] = ipaddr.parseCIDR(entry.host);
    return parsed.kind() === range.kind() && parsed.match(range, bits);
  }
  return parsed.toString() === ipaddr.process(entry.host).toString();
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createOutboundClient(options: OutboundOptions = {}): OutboundClient {
  const allow = options.allow ?? [];
  const ports = options.ports ?? ORDINARY_PORTS;
  const resolve: Resolver =
    options.resolve ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
  const connectTimeoutMs = options.connectTimeoutMs ?? OUTBOUND_CONNECT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;

  /** The operator named this host name (and port): its addresses may be internal, its port any. */
  const hostAllowed = (hostname: string, port: number) =>
    allow.some((entry) => !isAddressEntry(entry) && entry.host === hostname && portMatches(entry, port));

  const addressAllowed = (address: string, port: number) =>
    allow.some(
      (entry) => isAddressEntry(entry) && portMatches(entry, port) && addressEntryMatches(entry, address),
    ) ||
    (isPublicAddress(address) && ports.includes(port));

  function precheck(text: string): OutboundRefusal | null {
    if (/\s/.test(text) || !URL.canParse(text)) return 'scheme';
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
    if (url.username || url.password) return 'credentials';
    const hostname = bareHost(url.hostname);
    const port = effectivePort(url);
    if (hostAllowed(hostname, port)) return null;
    // WHATWG URL parsing has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
    if (isIP(hostname) !== 0) {
      if (addressAllowed(hostname, port)) return null;
      return isPublicAddress(hostname) ? 'port' : 'address';
    }
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'address';
    const portAllowedSomewhere =
      ports.includes(port) || allow.some((entry) => isAddressEntry(entry) && portMatches(entry, port));
    return portAllowedSomewhere ? null : 'port';
  }

  async function checkedAddresses(hostname: string, port: number): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      throw new OutboundError(`cannot resolve ${hostname}: ${(error as Error).message}`);
    }
    if (addresses.length === 0) throw new OutboundError(`no address for ${hostname}`);
    if (hostAllowed(hostname, port)) return addresses;
    // Every answer must pass: the connection may try any of them.
    const refused = addresses.find((answer) => !addressAllowed(answer.address, port));
    if (refused) throw new OutboundError(`${hostname} resolves to ${refused.address}, which is not allowed`);
    return addresses;
  }

  function hop(
    url: URL,
    init: Required<Pick<OutboundRequest, 'method' | 'headers'>> & OutboundRequest,
    deadline: number,
  ) {
    const hostname = bareHost(url.hostname);
    const port = effectivePort(url);
    const lookup: LookupFunction = (name, lookupOptions, callback) => {
      checkedAddresses(bareHost(name), port).then(
        (addresses) => {
          if (lookupOptions.all) callback(null, addresses);
          else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
        },
        (error: Error) => callback(error as NodeJS.ErrnoException, ''),
      );
    };
    return new Promise<OutboundResponse>((done, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send({
        protocol: url.protocol,
        hostname,
        port,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers: init.headers,
        // A fresh connection every time: a pooled socket would skip the address check.
        agent: false,
        lookup,
      });
      let settled = false;
      let connectTimer: NodeJS.Timeout | undefined;
      const totalTimer = setTimeout(() => fail('timed out'), Math.max(0, deadline - Date.now()));
      const finish = () => {
        settled = true;
        clearTimeout(totalTimer);
        clearTimeout(connectTimer);
      };
      function fail(reason: string) {
        if (settled) return;
        finish();
        request.destroy();
        reject(new OutboundError(reason));
      }
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(() => fail('connection timed out'), connectTimeoutMs);
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      request.on('error', (error: NodeJS.ErrnoException) =>
        fail(error instanceof OutboundError ? error.reason : `${error.code ?? error.name}: ${error.message}`),
      );
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const answer = (text: string) => {
          if (settled) return;
          finish();
          done({ status, ok: status >= 200 && status < 300, headers: response.headers, text });
        };
        if (REDIRECTS.has(status) && response.headers.location && maxRedirects > 0) {
          response.destroy();
          answer('');
          return;
        }
        if (Number(response.headers['content-length']) > maxBytes) {
          fail(`answer of ${response.headers['content-length']} bytes is over ${maxBytes}`);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(`answer over ${maxBytes} bytes`);
          else chunks.push(chunk);
        });
        response.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) => fail(`answer broke off: ${error.message}`));
        response.on('aborted', () => fail('answer broke off'));
      });
      request.end(init.body);
    });
  }

  async function request(text: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const deadline = Date.now() + (init.timeoutMs ?? options.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
    let url = URL.canParse(text) ? new URL(text) : null;
    let method = init.method ?? 'GET';
    let body = init.body;
    let headers = Object.fromEntries(
      Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    try {
      for (let redirects = 0; ; redirects += 1) {
        if (url === null) throw new OutboundError('not a URL');
        const refusal = precheck(url.href);
        if (refusal) throw new OutboundError(`refused (${refusal}): ${url.protocol}//${url.host}`);
        const answer = await hop(url, { method, headers, ...(body === undefined ? {} : { body }) }, deadline);
        const location = answer.headers.location;
        if (!REDIRECTS.has(answer.status) || !location || maxRedirects === 0) return answer;
        if (redirects >= maxRedirects) throw new OutboundError(`more than ${maxRedirects} redirects`);
        const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
        // As browsers do: credentials stay with the origin they were meant for.
        if (next?.origin !== url.origin) {
          const { authorization: _authorization, cookie: _cookie, ...rest } = headers;
          headers = rest;
        }
        if (answer.status === 303 || (method === 'POST' && answer.status <= 302)) {
          method = 'GET';
          body = undefined;
          const { 'content-type': _type, 'content-length': _length, ...rest } = headers;
          headers = rest;
        }
        url = next;
      }
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      options.log?.warn(
        { target: url?.origin ?? 'invalid', reason: error.reason },
        'Outbound request failed',
      );
      throw error;
    }
  }

  return { request, precheck };
}
