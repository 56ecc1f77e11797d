import { describe, expect, it } from 'vitest';
import { checkModuleGraph, findCycles, moduleEdges } from './check-module-graph.mjs';

describe('moduleEdges', () => {
  it('names the other modules a module file imports, statically or dynamically', () => {
    const source = [
      "import { withActivity } from '../activity/index.ts';",
      "import { localThing } from './orders.view.ts';",
      "import { csvCell } from '../../lib/csv.ts';",
      "const { changeStatus } = await import('../refunds/index.ts');",
    ].join('\n');
    expect(moduleEdges('server/src/modules/orders/orders.handlers.ts', source)).toEqual([
      { from: 'orders', to: 'activity', file: 'server/src/modules/orders/orders.handlers.ts' },
      { from: 'orders', to: 'refunds', file: 'server/src/modules/orders/orders.handlers.ts' },
    ]);
  });

  it('leaves tests and code outside the modules out', () => {
    const source = "import { x } from '../orders/index.ts';";
    expect(moduleEdges('server/src/modules/stats/stats.test.ts', source)).toEqual([]);
    expect(moduleEdges('server/src/service.ts', "import { x } from './modules/orders/index.ts';")).toEqual(
      [],
    );
  });
});

describe('findCycles', () => {
  it('finds a cycle through several modules, and none in a one-way graph', () => {
    const edge = (from, to) => ({ from, to, file: `${from}.ts` });
    expect(
      findCycles([edge('orders', 'refunds'), edge('refunds', 'payments'), edge('payments', 'orders')]),
    ).toEqual([['orders', 'refunds', 'payments', 'orders']]);
    expect(
      findCycles([edge('orders', 'refunds'), edge('orders', 'payments'), edge('refunds', 'payments')]),
    ).toEqual([]);
  });
});

describe('checkModuleGraph', () => {
  it('finds no cycle between the server modules today', () => {
    expect(checkModuleGraph(new URL('..', import.meta.url).pathname)).toEqual([]);
  });
});
