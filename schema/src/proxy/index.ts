export * from './forwarding';
export * from './security-headers';
