-- Orders placed before VAT was recorded were placed while the store had no VAT registration (a
-- fresh store's setting): rate 0, no VAT. Their lines still get their share of the order's
-- discount (largest remainder, as vatOfOrder spreads it) and a taxable amount, so every order's
-- lines add up to its total as the invoices and credit notes read them.
WITH shares AS (
  SELECT oi.id, oi.order_id, oi.line_fils, o.discount_fils AS order_discount,
         sum(oi.line_fils) OVER (PARTITION BY oi.order_id) AS goods,
         o.discount_fils::bigint * oi.line_fils AS product
  FROM order_items oi JOIN orders o ON o.id = oi.order_id
), floors AS (
  SELECT *, CASE WHEN goods = 0 THEN 0 ELSE product / goods END AS floor_share,
            CASE WHEN goods = 0 THEN 0 ELSE product % goods END AS remainder
  FROM shares
), ranked AS (
  SELECT *, order_discount - sum(floor_share) OVER (PARTITION BY order_id) AS left_over,
            row_number() OVER (PARTITION BY order_id ORDER BY remainder DESC, id) AS rank
  FROM floors
)
UPDATE order_items oi
SET discount_fils = (r.floor_share + CASE WHEN r.rank <= r.left_over THEN 1 ELSE 0 END)::int,
    taxable_fils = r.line_fils - (r.floor_share + CASE WHEN r.rank <= r.left_over THEN 1 ELSE 0 END)::int,
    vat_fils = 0
FROM ranked r
WHERE r.id = oi.id;
