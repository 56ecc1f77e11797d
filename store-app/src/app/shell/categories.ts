/** Spec §1 storefront categories; each opens the search results for its name (shown as `common:category.<name>`). */
export const CATEGORIES = ['Electronics', 'Fashion', 'Home & Kitchen', 'Beauty', 'Books'] as const;
