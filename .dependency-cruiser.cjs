// Module boundaries (`npm run lint:boundaries`). Each server module has one public entry, its `index.ts`; other
// code imports only that. A module's handlers are its HTTP entry: service.ts wires them to the routes, and other
// modules use what the module's index exports instead. Dependencies between modules point one way (no cycles).
const HANDLERS = '^server/src/modules/[^/]+/[^/]+[.]handlers[.]ts$';
const ENTRY = '^server/src/modules/[^/]+/index[.]ts$';
// Tests, their fixtures and harness, and the demo seed may reach into any module to set up what they check.
const TEST_CODE = ['[.]test[.]tsx?$', '[.]fixtures[.]ts$', '^server/src/test/', '^server/src/db/seed/'];
const WIRING = '^server/src/(service|app)[.]ts$';
// The database's shape: each module's tables in `<module>/<module>.schema.ts`, gathered by db/schema.ts, through
// which all other code reads them. Foreign keys make schema files import each other's tables directly.
const SCHEMA = '^server/src/modules/([^/]+)/\\1[.]schema[.]ts$';
const GATHERED_SCHEMA = '^server/src/db/schema[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle: these files (and so their modules or features) depend on each other. Move the shared piece ' +
        'down to the module that owns it, or to server/src/lib, so dependencies point one way.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-reach-past-entry',
      comment:
        "A module imports another module's file: import '../<module>/index.ts' instead, and export what is " +
        'needed from there (never a handlers file).',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: [...TEST_CODE, SCHEMA] },
      to: { path: '^server/src/modules/', pathNot: ['^server/src/modules/$1/', ENTRY] },
    },
    {
      name: 'no-reach-past-entry-outside-modules',
      comment:
        "Code outside the modules imports a module's file: import 'modules/<module>/index.ts' instead. " +
        'service.ts and app.ts may import handlers files, to wire them to the routes.',
      severity: 'error',
      from: { pathNot: ['^server/src/modules/', WIRING, GATHERED_SCHEMA, ...TEST_CODE] },
      to: { path: '^server/src/modules/', pathNot: ENTRY },
    },
    {
      name: 'schema-imports-only-schema',
      comment:
        "A schema file (or db/schema.ts) imports a module's other code: schema files import only each other's " +
        'tables (for foreign keys) and db/ helpers, so the shape of the database depends on nothing else.',
      severity: 'error',
      from: { path: [SCHEMA, GATHERED_SCHEMA] },
      to: { path: '^server/src/modules/', pathNot: SCHEMA },
    },
    {
      name: 'no-reach-past-entry-from-wiring',
      comment: "service.ts and app.ts import a module's handlers, and anything else through its index.ts.",
      severity: 'error',
      from: { path: WIRING },
      to: { path: '^server/src/modules/', pathNot: [ENTRY, HANDLERS] },
    },
    {
      name: 'no-cross-module-handlers',
      comment:
        "A module imports another module's handlers: move what it needs into that module's *.view.ts, " +
        '*.rules.ts, *.messages.ts or *.repository.ts and export it from its index.ts.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: HANDLERS, pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'no-handlers-outside-service',
      comment:
        'Only service.ts and app.ts (and the files of the module itself) import a handlers file: move what ' +
        "is needed into the module's *.view.ts, *.rules.ts, *.messages.ts or *.repository.ts.",
      severity: 'error',
      from: { pathNot: ['^server/src/modules/', WIRING] },
      to: { path: HANDLERS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Generated route trees import every route and are imported by the router: a cycle by construction. The
    // generated SDK types are one file with no imports.
    exclude: {
      path: [
        'node_modules',
        '^server/drizzle/',
        '^server/fixtures/',
        'routeTree[.]gen[.]ts$',
        '^sdk/src/generated/',
      ],
    },
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
  },
};
