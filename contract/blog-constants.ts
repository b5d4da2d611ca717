// The blog's constants without zod, for code on the startup path (routes' loaders and search params).
export const BLOG_PAGE_SIZE = 9
