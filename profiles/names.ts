// The shipped profiles' names, apart from their files: a page that offers them by name (the
// playground's profile selector) need not load the files until one is used. profiles/index.ts
// holds the files under these names, which the test suite holds to the files in this folder.

/** The shipped profiles' names, sorted. */
export const shippedNames: readonly string[] = ["clin", "pay", "pform"];
