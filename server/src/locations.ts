import { fileURLToPath } from 'node:url';

// This file and the built bundles (server/dist/*.js) both sit one folder below server/, so the same relative
// address finds the server's folder whether the code runs from source or built.
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
