// Stylesheets imported for their side effect (the apps' bundler loads them).
declare module '*.css';
