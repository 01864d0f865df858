/**
 * A server-drawn "Select Options" button (`select-options-button.tsx`) carries its product's id in
 * this attribute; the layout's one click listener (`shell/lazy-overlays.tsx`) opens the options
 * modal for it. Its own module: the button is a server component and must not import the store.
 */
export const OPTIONS_FOR_ATTRIBUTE = 'data-options-for';
