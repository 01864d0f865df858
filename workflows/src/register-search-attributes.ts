import { SEARCH_ATTRIBUTES } from '@qahwa/schema';
import type { NativeConnection } from '@temporalio/worker';

/** temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD (the proto package is not ours to import). */
const INDEXED_VALUE_TYPE_KEYWORD = 2;

/**
 * Registers the checkout search attributes that the namespace lacks. scripts/services.sh starts
 * the dev server with them, but a server started otherwise (an older `make dev`, a test's own,
 * a fresh cluster) would refuse every checkout start naming an unknown attribute. Idempotent:
 * two workers starting together may both add; the loser's "already exists" is success.
 */
export async function ensureSearchAttributes(
  connection: NativeConnection,
  namespace: string,
): Promise<string[]> {
  const existing = async () =>
    Object.keys(
      (await connection.operatorService.listSearchAttributes({ namespace })).customAttributes ?? {},
    );
  const have = new Set(await existing());
  const missing = SEARCH_ATTRIBUTES.filter((name) => !have.has(name));
  if (missing.length === 0) return [];
  const keyword = INDEXED_VALUE_TYPE_KEYWORD;
  try {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((name) => [name, keyword])),
    });
  } catch (err) {
    const now = new Set(await existing());
    if (!missing.every((name) => now.has(name))) throw err;
  }
  return missing;
}
