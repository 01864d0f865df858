/** The storefront's content (offer banner, sliders, texts) and staff's uploaded images. */
export * from './content';
export * from './content-editing';
export * from './uploads';
