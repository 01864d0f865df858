/** What a back-in-stock alert shows: read from the database when the stock is back, never from the request. */
export interface BackInStockEmailData {
  /** The product's name in the e-mail's language. */
  name: string;
  /** "250 g · Whole beans" in the e-mail's language; absent when the product has one form. */
  variation?: string;
  /** The product's page in the storefront. */
  productUrl: string;
  imageUrl?: string;
  storeUrl?: string;
}
