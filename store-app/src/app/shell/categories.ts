/** Spec §1 storefront categories; each opens the search results for its name. */
export const CATEGORIES = ['Electronics', 'Fashion', 'Home & Kitchen', 'Beauty', 'Books'] as const;
