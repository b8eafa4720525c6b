/** Plain values of the catalogue contract, free of schema code so pages can import them cheaply. */
export const COLLECTION_IDS = ['collection1', 'collection2', 'collection3', 'collection4'] as const;
export const PRODUCT_ORDERINGS = ['price', '-price', '-created_at', 'name', '-ratings', 'ratings'] as const;
export const PRODUCT_LIMIT_DEFAULT = 100;
export const PRODUCT_LIMIT_MAX = 500;
