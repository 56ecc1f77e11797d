// The admins module's entry for other code; its handlers are wired in service.ts.
export { toAdmin } from './admins.view.ts';
