// The seo module's entry for other code: nothing is used outside it yet. Its handlers are wired in service.ts.
export {};
