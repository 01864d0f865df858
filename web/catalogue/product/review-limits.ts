/**
 * The review form's length limits, for the browser's own checks (maxLength). The rules are the
 * schema's (`reviewFormSchema`, REVIEW_LIMITS, TEXT_LIMITS), which the gateway applies; they are
 * repeated here so the product page does not load the validation library, and
 * web/test/catalogue-pages.test.ts keeps them equal.
 */
export const REVIEW_FORM_LIMITS = { authorName: 100, email: 254, title: 120, body: 2000 } as const;

/** The form's fields, in the order the gateway's issues may name them (`/body/<field>`). */
export const REVIEW_FIELDS = ['authorName', 'email', 'rating', 'title', 'body'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
/** The element a field's error is written into (one review form per page). */
export const reviewErrorId = (field: ReviewField) => `review-${field}-error`;
