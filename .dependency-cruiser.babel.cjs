// How dependency-cruiser reads TypeScript. Its own TypeScript reader needs TypeScript below 7 (7 has no JS API),
// so Babel strips the types instead. Type-only imports become plain imports first: the rules count them too.
function keepTypeImports() {
  return {
    visitor: {
      Program(path) {
        for (const statement of path.node.body) {
          if (!statement.source) continue;
          if (statement.type === 'ImportDeclaration') statement.importKind = 'value';
          else statement.exportKind = 'value';
          for (const specifier of statement.specifiers ?? []) {
            if (specifier.importKind) specifier.importKind = 'value';
            if (specifier.exportKind) specifier.exportKind = 'value';
          }
        }
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
