// The server's modules depend on each other one way only. dependency-cruiser's no-circular sees cycles between
// files; two modules can still lean on each other through files that do not form a file cycle (A's handlers use
// B's index, B uses A's index), so this checks the graph of modules itself. Part of `npm run lint:boundaries`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = 'server/src/modules';
const TEST_CODE = /\.test\.ts$|\.fixtures\.ts$/;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*)'(\.[^']+)'/g;

/** The module a path lies in, or null. */
const moduleOf = (path) => (path.startsWith(`${MODULES}/`) ? path.split('/')[3] : null);

/** `{ from, to, file }` for each import from one module's file into another module. */
export function moduleEdges(path, source) {
  const from = moduleOf(path);
  if (!from || TEST_CODE.test(path)) return [];
  const edges = [];
  for (const match of source.matchAll(IMPORT)) {
    const to = moduleOf(normalize(join(dirname(path), match[1])));
    if (to && to !== from) edges.push({ from, to, file: path });
  }
  return edges;
}

/** Each cycle in the graph once, as the list of modules along it (first repeated at the end). */
export function findCycles(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  }
  const state = new Map();
  const path = [];
  const cycles = [];
  const visit = (node) => {
    state.set(node, 'open');
    path.push(node);
    for (const to of [...(next.get(node) ?? [])].sort()) {
      if (state.get(to) === 'open') cycles.push([...path.slice(path.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...next.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The module graph's cycles, each with the files that make its first step. */
export function checkModuleGraph(root) {
  const edges = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.ts')) edges.push(...moduleEdges(path, readFileSync(join(root, path), 'utf8')));
    }
  };
  walk(MODULES);
  return findCycles(edges).map((cycle) => {
    const files = edges
      .filter((edge) => edge.from === cycle[0] && edge.to === cycle[1])
      .map((edge) => edge.file);
    return `${cycle.join(' → ')}  (${cycle[0]} → ${cycle[1]} in ${[...new Set(files)].join(', ')})`;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cycles = checkModuleGraph(join(fileURLToPath(import.meta.url), '../..'));
  for (const cycle of cycles) console.error(`module cycle: ${cycle}`);
  if (cycles.length > 0) {
    console.error(`\n✘ ${cycles.length} cycle(s) between server modules: move the shared piece down`);
    process.exit(1);
  }
  console.log('✔ the server modules depend on each other one way');
}
