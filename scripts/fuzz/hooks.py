"""Schemathesis hooks for scripts/fuzz.sh (loaded through SCHEMATHESIS_HOOKS): orders, and product writes.

POST /api/orders treats any order that carries a `paymentIntentId` as a card payment and looks the
intent up first: a made-up one is 422 PAYMENT_NOT_FOUND, before stock, pricing or the workflow.
The generator includes that optional field in nearly every order (the coverage phase in all of
them), so almost no cash-on-delivery order reached the checkout. Seven cash orders in eight go
without it (which: a hash of the body, so a run is repeatable); the eighth, and every order naming
another provider, keep exercising the lookup. Only a well-formed id is dropped, and Schemathesis
re-checks a case a `before_call` hook edited, so whether it counts as valid input stays right.

Then the order is one a storefront could send: each line's variation is a seeded one with its own
product (`lines_of_their_products`), and a cash order claims the total the gateway prices it at
(`claiming_server_total`), as the checkout's summary does; one in eight and one in four are left as
generated, so the refusals of a foreign line, an unknown item and a changed price stay exercised.

The same goes for the Idempotency-Key and the shopper: the generator sends one key (`00000000`),
one phone (`0000000`) and one e-mail with every order of a phase, so after the first the orders
are 422 IDEMPOTENCY_KEY_REUSED and after the fifth 429 TOO_MANY_ORDERS (the per-contact limit),
as they should be. Real orders come from many shoppers, each with a key of its own: three orders
in four here get the key with the body's hash appended, the phone's last four digits and the
e-mail's local part varied by it (all still well-formed); the fourth is sent as generated and keeps
both checks exercised.
"""

import hashlib
import json
import os
import re
import urllib.error
import urllib.request
import uuid

import schemathesis

PAYMENT_INTENT_ID = re.compile(r"pi_[A-Za-z0-9_]{1,250}")
# gateway/src/checkout/idempotency.ts
IDEMPOTENCY_KEY = re.compile(r"[A-Za-z0-9_-]{8,200}")
# schema/src/validation/fields.ts (PHONE_INPUT_PATTERN, EMAIL_PATTERN)
PHONE_INPUT = re.compile(r"^[ ()-]*(\+[ ()-]*([0-9][ ()-]*){1,3})?([0-9][ ()-]*){7,15}$")
EMAIL = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")


def another_shopper(contact: dict, tag: str) -> dict:
    """The same contact with its phone's last four digits and its e-mail's local part made unique.

    Only a well-formed phone or e-mail is changed, and it stays well-formed: a value generated to
    be invalid is sent as it is.
    """
    contact = dict(contact)
    phone = contact.get("phone")
    if isinstance(phone, str) and PHONE_INPUT.search(phone):
        digits = str(int(tag, 16))[-4:].rjust(4, "0")
        chars, at = list(phone), [i for i, c in enumerate(phone) if c in "0123456789"][-4:]
        if len(at) == 4:
            for index, digit in zip(at, digits):
                chars[index] = digit
            contact["phone"] = "".join(chars)
    email = contact.get("email")
    if isinstance(email, str) and EMAIL.search(email.strip()) and len(email) <= 240:
        contact["email"] = f"{tag[:8]}{email}"
    return contact


PRODUCT_WRITES = {("POST", "/api/admin/products"), ("PUT", "/api/admin/products/{id}")}

# The routes whose lines the gateway prices (and refuses with 400 when a line's variation belongs
# to another product than its productId, docs/checkout.md).
PRICED = {("POST", "/api/orders"), ("POST", "/api/create-payment-intent"), ("POST", "/api/payments/tabby")}


def _variation_products() -> dict:
    """The seeded variations' products, written by scripts/fuzz.sh beside the dictionaries."""
    path = os.environ.get("FUZZ_VARIATION_PRODUCTS")
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as fd:
            return json.load(fd)
    except (OSError, ValueError):
        return {}


VARIATION_PRODUCTS = _variation_products()


UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def lines_of_their_products(body: dict, digest: bytes) -> dict:
    """Each line names a seeded variation and that variation's product, as a storefront's cart does.

    The generator pairs the dictionary's variation ids with random product ids, so every such order
    stopped at the 400 'a variation of another product', and the phases that do not draw from the
    dictionary send made-up variation ids (409 ITEM_UNAVAILABLE). Seven bodies in eight are mended
    (by their hash, so a run is repeatable): a well-formed made-up variation id becomes a seeded
    one, and each line gets its variation's product. The eighth is sent as generated, and both
    refusals stay exercised. Only well-formed ids are changed (a uuid for a uuid).
    """
    items = body.get("items")
    if digest[2] % 8 == 0 or not isinstance(items, list) or not VARIATION_PRODUCTS:
        return body
    known = sorted(VARIATION_PRODUCTS)
    mended = []
    for index, item in enumerate(items):
        variation = item.get("variationId") if isinstance(item, dict) else None
        if isinstance(variation, str) and variation not in VARIATION_PRODUCTS and UUID.fullmatch(variation):
            variation = known[(digest[4] + index) % len(known)]
        if isinstance(variation, str) and variation in VARIATION_PRODUCTS:
            item = {**item, "variationId": variation, "productId": VARIATION_PRODUCTS[variation]}
        mended.append(item)
    return {**body, "items": mended}


# Far above any total the store can price (30 units at most): never the server's.
NOT_A_TOTAL = 99_999_999.99


def claiming_server_total(body: dict, headers: dict) -> dict:
    """The order claiming the total the gateway prices it at, as a checkout's summary shows it.

    Cash on delivery is placed only at the server's total (409 PRICE_CHANGED otherwise, with the
    total in `x-order-total`, docs/checkout.md); a generated total is almost never it. The gateway
    is asked the way the checkout's "one more click" learns it: the same order claiming a total
    that cannot be the server's, under a key of its own, answers PRICE_CHANGED with the price and
    writes nothing (no order, no stock, no coupon use). Any other answer (the order is refused for
    another reason) leaves the body as generated: the real request meets the same refusal.
    """
    base = os.environ.get("FUZZ_GATEWAY_URL")
    if not base:
        return body
    probe = json.dumps({**body, "totalAmount": NOT_A_TOTAL}).encode()
    request = urllib.request.Request(
        f"{base}/api/orders",
        data=probe,
        method="POST",
        headers={
            "content-type": "application/json",
            "idempotency-key": f"fuzz-quote-{uuid.uuid4()}",
            **({"x-locale": headers["x-locale"]} if isinstance(headers.get("x-locale"), str) else {}),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30):  # noqa: S310 -- the run's own gateway
            return body
    except urllib.error.HTTPError as answer:
        total = answer.headers.get("x-order-total")
        if answer.code == 409 and total and re.fullmatch(r"\d+\.\d{2}", total):
            return {**body, "totalAmount": float(total)}
        return body
    except (urllib.error.URLError, TimeoutError):
        return body


def product_discount_within_rule(body: dict) -> dict:
    """The product form's cross-field rule, which no JSON Schema states (docs/admin.md): a percentage
    discount is a fraction up to 1, a fixed one at most the price. A generated body that breaks only
    that rule is brought inside it, so the case still tests what the schema describes; the rule's
    own refusals are covered by gateway/test/admin-products.int.test.ts.
    """
    discount, price, kind = body.get("discount"), body.get("price"), body.get("discountType")
    if not isinstance(discount, (int, float)) or isinstance(discount, bool):
        return body
    # An absent discountType is PERCENTAGE (the form's default).
    if kind in (None, "PERCENTAGE") and discount > 1:
        return {**body, "discount": 0.5}
    if kind == "FIXED_AMOUNT" and isinstance(price, (int, float)) and not isinstance(price, bool) and discount > price:
        return {**body, "discount": price}
    return body


def settings_within_rule(path: str, body: dict) -> dict:
    """The settings' cross-field rules (docs/settings.md): pay later's minimum not above its maximum,
    a sale's last day not before its first. Out of order they are a 400 with the field's message,
    which the schema cannot say; in order, the generated values exercise the save."""
    value = body.get("value")
    if not isinstance(value, dict):
        return body
    pairs = {"/api/admin/settings/pay-later": ("minFils", "maxFils"), "/api/admin/settings/sale": ("startDate", "endDate")}
    low, high = pairs.get(path, (None, None))
    a, b = value.get(low), value.get(high)
    if low and type(a) is type(b) and isinstance(a, (int, str)) and not isinstance(a, bool) and a > b:
        return {**body, "value": {**value, low: b, high: a}}
    return body


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.operation.method.upper() == "PUT" and case.operation.path.startswith("/api/admin/settings/"):
        if isinstance(case.body, dict):
            case.body = settings_within_rule(case.operation.path, case.body)
        return
    if (case.operation.method.upper(), case.operation.path) in PRODUCT_WRITES:
        if isinstance(case.body, dict):
            case.body = product_discount_within_rule(case.body)
        return
    if (case.operation.method.upper(), case.operation.path) not in PRICED:
        return
    body = case.body
    if not isinstance(body, dict):
        return
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode())
    body = lines_of_their_products(body, digest.digest())
    case.body = body
    if case.operation.path != "/api/orders":
        return
    if digest.digest()[1] % 4 != 0:
        tag = digest.hexdigest()[:16]
        key = (case.headers or {}).get("idempotency-key")
        if isinstance(key, str) and IDEMPOTENCY_KEY.fullmatch(key):
            case.headers = {**case.headers, "idempotency-key": f"{key[:150]}-{tag}"}
        contact = body.get("customerInfo")
        if isinstance(contact, dict):
            body = {**body, "customerInfo": another_shopper(contact, tag)}
            case.body = body
    intent = body.get("paymentIntentId")
    if isinstance(intent, str) and PAYMENT_INTENT_ID.fullmatch(intent):
        if body.get("paymentProvider", "COD") == "COD" and digest.digest()[0] % 8 != 0:
            body = {key: value for key, value in body.items() if key != "paymentIntentId"}
            case.body = body
    # A cash-on-delivery order (no intent: the card path is refused at its lookup first) claims the
    # server's total three times in four; the fourth keeps its generated claim and PRICE_CHANGED.
    cash = "paymentIntentId" not in body and body.get("paymentProvider", "COD") == "COD"
    if cash and digest.digest()[3] % 4 != 0:
        case.body = claiming_server_total(body, case.headers or {})
