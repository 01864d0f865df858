/** The fields of the review form the gateway may name in its answer. */
export type ReviewField = 'authorName' | 'email' | 'rating' | 'title' | 'body';
const FIELDS: ReviewField[] = ['authorName', 'email', 'rating', 'title', 'body'];

export type ReviewAnswer =
  | { kind: 'sent'; message: string | null }
  | { kind: 'refused'; message: string | null; fieldErrors: Partial<Record<ReviewField, string>> }
  | { kind: 'network' };

/**
 * The review form's request (POST /api/products/:id/reviews) and the reading of its answer: the
 * gateway checks with the shared rules and answers in the shopper's language, field by field. Its
 * own chunk, fetched on the form's first focus (issue 10's 150 KB per route; the form sits at the
 * bottom of every product page and most visits never write a review).
 */
export async function sendReview(
  productId: string,
  locale: string,
  review: { authorName: string; email: string; rating: number; title: string; body: string },
): Promise<ReviewAnswer> {
  try {
    const res = await fetch(`/api/products/${encodeURIComponent(productId)}/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: JSON.stringify({
        authorName: review.authorName,
        email: review.email || undefined,
        rating: review.rating,
        title: review.title || undefined,
        body: review.body,
        locale,
      }),
    });
    const body = (await res.json().catch(() => null)) as {
      message?: string;
      error?: string;
      issues?: { path: string; message: string }[];
    } | null;
    if (res.ok) return { kind: 'sent', message: body?.message || null };
    const fieldErrors: Partial<Record<ReviewField, string>> = {};
    for (const issue of body?.issues ?? []) {
      const field = FIELDS.find((f) => issue.path.endsWith(`/${f}`));
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { kind: 'refused', message: body?.error || null, fieldErrors };
  } catch {
    return { kind: 'network' };
  }
}
