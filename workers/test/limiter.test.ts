import { describe, expect, it } from 'vitest';
import { createLimiter } from '../src/jetstream/limiter';

describe('createLimiter', () => {
  it('lets at most `max` holders in and hands a released slot to the next waiter', async () => {
    const limiter = createLimiter(2);
    const order: string[] = [];
    await limiter.acquire();
    await limiter.acquire();
    const third = limiter.acquire().then(() => order.push('third in'));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(limiter.active).toBe(2);

    limiter.release();
    await third;
    expect(order).toEqual(['third in']);
    expect(limiter.active).toBe(2);
  });

  it('resolves idle() once every slot is released', async () => {
    const limiter = createLimiter(3);
    await limiter.acquire();
    await limiter.acquire();
    let idle = false;
    const waiting = limiter.idle().then(() => {
      idle = true;
    });
    limiter.release();
    await Promise.resolve();
    expect(idle).toBe(false);
    limiter.release();
    await waiting;
    expect(idle).toBe(true);
    await expect(limiter.idle()).resolves.toBeUndefined();
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
    expect(() => createLimiter(1.5)).toThrow(RangeError);
  });
});
