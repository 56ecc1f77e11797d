// The users module's entry for other code; its handlers are wired in service.ts.
export { updateShopper, userTarget } from './users.repository.ts';
