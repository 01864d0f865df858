/**
 * The review form's length limits, for the browser's own checks (maxLength). The rules are the
 * schema's (`reviewFormSchema`, REVIEW_LIMITS, TEXT_LIMITS), which the gateway applies; they are
 * repeated here so the product page does not load the validation library, and
 * web/test/catalogue-pages.test.ts keeps them equal.
 */
export const REVIEW_FORM_LIMITS = { authorName: 100, email: 254, title: 120, body: 2000 } as const;
