import { describe, expect, it } from 'vitest';
import { isLoopbackOrigin, loopbackTwin } from '@/shell/loopback-origin';

describe('a page opened on another loopback name of the store', () => {
  const origin = 'http://127.0.0.1:3000';

  it('moves to the configured origin, path, query and fragment kept', () => {
    expect(loopbackTwin('http://localhost:3000/checkout/pay-later?payment_id=p1#x', origin)).toBe(
      'http://127.0.0.1:3000/checkout/pay-later?payment_id=p1#x',
    );
    expect(loopbackTwin('http://[::1]:3000/cart', origin)).toBe('http://127.0.0.1:3000/cart');
    expect(loopbackTwin('http://127.0.0.1:3000/cart', 'http://localhost:3000')).toBe(
      'http://localhost:3000/cart',
    );
  });

  it('stays on the configured origin, on another port, and on any public host', () => {
    expect(loopbackTwin('http://127.0.0.1:3000/shop', origin)).toBeNull();
    expect(loopbackTwin('http://localhost:3001/shop', origin)).toBeNull();
    expect(loopbackTwin('https://localhost:3000/shop', origin)).toBeNull();
    expect(loopbackTwin('https://shop.example.ae/shop', origin)).toBeNull();
    expect(loopbackTwin('http://localhost:3000/shop', 'https://shop.example.ae')).toBeNull();
  });

  it('is watched for only when the store is configured on this machine', () => {
    expect(isLoopbackOrigin(origin)).toBe(true);
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true);
    expect(isLoopbackOrigin('https://shop.example.ae')).toBe(false);
  });
});
