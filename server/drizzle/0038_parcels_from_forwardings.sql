-- Orders forwarded before supplier parcels existed ship as one parcel: parcel 1 carries the order's marketplace
-- lines with the supplier order, tracking and status the forwarding had, so tracking goes on for them.
INSERT INTO "supplier_parcels" ("order_id", "number", "supplier_id", "supplier_name", "status", "ae_order_id",
  "tracking_number", "carrier", "attempts", "placed_at", "shipped_at", "created_at", "updated_at")
SELECT f."order_id", 1, NULL, NULL, f."status"::text::"parcel_status", f."ae_order_id", f."tracking_number",
  f."carrier", f."attempts",
  CASE WHEN f."status" IN ('Forwarded', 'Shipped') THEN f."updated_at" END,
  CASE WHEN f."status" = 'Shipped' THEN f."updated_at" END,
  f."created_at", f."updated_at"
FROM "order_forwardings" f
WHERE NOT EXISTS (SELECT 1 FROM "supplier_parcels" p WHERE p."order_id" = f."order_id");
--> statement-breakpoint
INSERT INTO "parcel_items" ("parcel_id", "order_item_id", "quantity", "ae_product_id", "ae_sku_id", "ae_sku_attr", "source")
SELECT p."id", i."id", i."quantity", pr."product_id", coalesce(i."sku_id", ''), coalesce(s."sku_attr", ''), 'product'
FROM "supplier_parcels" p
JOIN "order_items" i ON i."order_id" = p."order_id"
JOIN "products" pr ON pr."id" = i."product_id" AND pr."source" = 'aliexpress'
LEFT JOIN "product_skus" s ON s."product_id" = pr."id" AND s."sku_id" = i."sku_id"
WHERE p."number" = 1
  AND NOT EXISTS (SELECT 1 FROM "parcel_items" x WHERE x."parcel_id" = p."id");
