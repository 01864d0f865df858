"""Schemathesis hooks for scripts/fuzz.sh (loaded through SCHEMATHESIS_HOOKS): orders, and product writes.

POST /api/orders treats any order that carries a `paymentIntentId` as a card payment and looks the
intent up first: a made-up one is 422 PAYMENT_NOT_FOUND, before stock, pricing or the workflow.
The generator includes that optional field in nearly every order (the coverage phase in all of
them), so almost no cash-on-delivery order reached the checkout. Half of those orders go without
it (which half: a hash of the body, so a run is repeatable); the other half keep exercising the
lookup. Only a well-formed id is dropped, and Schemathesis re-checks a case a `before_call` hook
edited, so whether it counts as valid input stays right.

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
import re

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
    if case.operation.method.upper() != "POST" or case.operation.path != "/api/orders":
        return
    body = case.body
    if not isinstance(body, dict):
        return
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode())
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
    if not (isinstance(intent, str) and PAYMENT_INTENT_ID.fullmatch(intent)):
        return
    if body.get("paymentProvider", "COD") == "COD" and digest.digest()[0] % 2 == 0:
        case.body = {key: value for key, value in body.items() if key != "paymentIntentId"}
