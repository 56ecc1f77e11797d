// Module boundaries of the server (`npm run lint`). A module's handlers are its HTTP entry: service.ts wires them
// to the routes, and other modules use the module's view, rules, messages or repository files instead.
const HANDLERS = '^server/src/modules/[^/]+/[^/]+[.]handlers[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-module-handlers',
      comment:
        "A module imports another module's handlers: move what it needs into that module's *.view.ts, " +
        '*.rules.ts, *.messages.ts or *.repository.ts and import it from there.',
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
      from: { pathNot: ['^server/src/modules/', '^server/src/(service|app)[.]ts$'] },
      to: { path: HANDLERS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^server/drizzle/', '^server/fixtures/'] },
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
  },
};
