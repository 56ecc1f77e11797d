import { BlockList, isIP } from 'node:net';

/** One allow-list entry's problem, with its position in the list as sent. */
export interface AllowListProblem {
  index: number;
  message: string;
}

function parseEntry(
  entry: string,
): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

/**
 * Trims the entries and drops blank and repeated ones (as the screen does); answers the clean list and the
 * entries that are neither an IP address nor a CIDR range.
 */
export function normalizeAllowList(entries: readonly string[]): {
  list: string[];
  problems: AllowListProblem[];
} {
  const list: string[] = [];
  const problems: AllowListProblem[] = [];
  entries.forEach((raw, index) => {
    const entry = raw.trim();
    if (entry === '' || list.includes(entry)) return;
    if (parseEntry(entry) === null) {
      problems.push({ index, message: `'${entry}' is not an IP address or CIDR range.` });
      return;
    }
    list.push(entry);
  });
  return { list, problems };
}

/** An IPv4 address seen through a dual-stack socket (::ffff:203.0.113.7) is the IPv4 address. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** True when the list is empty (no restriction) or one of its entries covers `ip`. */
export function allowListPermits(list: readonly string[], ip: string): boolean {
  if (list.length === 0) return true;
  const blocks = new BlockList();
  for (const entry of list) {
    const parsed = parseEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === null) blocks.addAddress(parsed.address, parsed.family);
    else blocks.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  const address = plainAddress(ip);
  const version = isIP(address);
  if (version === 0) return false;
  return blocks.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
