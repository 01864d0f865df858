import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CustomerInfo, ShippingInfo } from '../src/contracts/orders';
import { EMIRATES, isCityOf } from '../src/reference/emirates';
import { PHONE_INPUT_PATTERN, phoneProblem } from '../src/validation/fields';

/**
 * What the OpenAPI says about a checkout address must be what the server does: the fuzzer
 * (scripts/fuzz.sh) generates "valid" orders from it and fails the run when one is refused.
 */

/** The JSON Schema of a named contract, as the gateway's OpenAPI publishes it (a component). */
function published(schema: z.ZodType, id: string) {
  const json = z.toJSONSchema(schema, { io: 'input' }) as { $defs: Record<string, unknown> };
  return json.$defs[id];
}

/** A small seeded generator, so a failure names an input that fails again. */
function* phoneLikeStrings(count: number) {
  const alphabet = '0123456789 +()-';
  let state = 20261122;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  for (let i = 0; i < count; i++) {
    const length = 5 + (next() % 20);
    let s = '';
    for (let j = 0; j < length; j++) {
      // Mostly digits, as a phone is.
      s += next() % 3 === 0 ? alphabet[10 + (next() % 5)] : alphabet[next() % 10];
    }
    yield s;
  }
}

describe('the published phone pattern', () => {
  it.each([
    ['+971 50 123 4567', true],
    ['(04) 123-4567', true],
    [' 0501234567 ', true],
    ['+ 971 (50) 123-45-67', true],
    ['+9715012345678', true],
    ['', false],
    ['12-34', false],
    ['1234567890123456', false],
    ['050-ABC-4567', false],
    ['++971501234567', false],
    ['0501234567+', false],
  ])('%j → %s, as the phone rule says', (phone, valid) => {
    expect(phoneProblem(phone) === null).toBe(valid);
    expect(PHONE_INPUT_PATTERN.test(phone)).toBe(valid);
  });

  it('agrees with the phone rule on 20,000 phone-like strings', () => {
    const disagreements: string[] = [];
    let accepted = 0;
    for (const phone of phoneLikeStrings(20_000)) {
      const rule = phoneProblem(phone) === null;
      if (rule) accepted++;
      if (rule !== PHONE_INPUT_PATTERN.test(phone)) disagreements.push(phone);
    }
    expect(disagreements).toEqual([]);
    // Both sides of the rule were exercised, not only refusals.
    expect(accepted).toBeGreaterThan(1000);
  });

  it('is in the JSON Schema of the customer, as OpenAPI publishes it', () => {
    const json = published(CustomerInfo, 'CustomerInfo') as {
      properties: { phone: { pattern: string } };
    };
    expect(json.properties.phone.pattern).toBe(PHONE_INPUT_PATTERN.source);
  });
});

describe('the published emirate–city pairing', () => {
  const json = published(ShippingInfo, 'ShippingInfo') as {
    anyOf: { properties: { emirate: { enum: string[] }; city: { enum: string[] } } }[];
  };
  const publishedPair = (emirate: string, city: string) =>
    json.anyOf.some(
      (b) => b.properties.emirate.enum.includes(emirate) && b.properties.city.enum.includes(city),
    );

  it('names exactly the pairs the server takes', () => {
    const cities = EMIRATES.flatMap((e) => e.cities.map((c) => c.slug));
    for (const emirate of EMIRATES) {
      for (const city of cities) {
        expect(publishedPair(emirate.slug, city), `${emirate.slug}/${city}`).toBe(
          isCityOf(emirate.slug, city),
        );
      }
    }
    expect(publishedPair('sharjah', 'deira')).toBe(false);
    expect(publishedPair('dubai', 'deira')).toBe(true);
  });

  it('still refuses a mismatched pair in the zod rule itself', () => {
    const address = { address: 'Al Rigga Street, Building 12' };
    expect(ShippingInfo.safeParse({ emirate: 'dubai', city: 'deira', ...address }).success).toBe(true);
    expect(ShippingInfo.safeParse({ emirate: 'sharjah', city: 'deira', ...address }).success).toBe(false);
  });
});
