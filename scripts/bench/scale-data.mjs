// The bench's data, made in SQL (generate_series, no API, no row-by-row inserts) so a million products, a million
// orders, a million activity entries and a million visits load in minutes. Every generated value comes from a hash
// of the row number, so two loads of the same size hold the same data. The demo data (staff, stores, currency
// rates, a few products and orders) is seeded first by the API itself; these rows come on top of it.

import {
  ACTIONS,
  ADJECTIVES,
  BRANDS,
  COUNTRIES,
  CURRENCIES,
  EXTRAS,
  FIRST_NAMES,
  LAST_NAMES,
  MAIN_BY_CATEGORY,
  NOUNS,
  PATHS,
} from './scale-words.mjs';

/** Loader version: bump it when the generated data changes, so kept databases are loaded again. */
export const DATA_VERSION = 1;

/**
 * Row triggers that keep derived tables (shoppers' order totals, B2C rows, days to sum again, a product's Ships
 * From): off for the load and their tables rebuilt once after it, as firing them for each of a million rows
 * takes longer than the load itself. [table, trigger]
 */
const KEEPING_TRIGGERS = [
  ['orders', 'orders_shopper_order_totals'],
  ['orders', 'orders_mark_summary_days'],
  ['order_items', 'order_items_mark_summary_days'],
  ['site_visits', 'site_visits_mark_summary_days'],
  ['customers', 'customers_b2c_shoppers'],
  ['product_skus', 'product_skus_ships_from'],
  ['shopper_order_totals', 'shopper_order_totals_b2c_shoppers'],
];
const switchTriggers = (onOrOff) =>
  KEEPING_TRIGGERS.map(([table, trigger]) => `alter table ${table} ${onOrOff} trigger ${trigger};`).join(
    '\n       ',
  );

/** The tables the loader fills; their plain indexes are dropped for the load and built again after it. */
const LOADED_TABLES = [
  'products',
  'product_skus',
  'product_properties',
  'customers',
  'orders',
  'order_items',
  'activity_log',
  'site_visits',
];

const text = (value) => `'${String(value).replaceAll("'", "''")}'`;
const textArray = (values) => `array[${values.map(text).join(', ')}]::text[]`;
/** The i-th pick (0-based) of a list, by a hash of the row number `g` and a salt. */
const pick = (list, g, salt) => `(${list})[1 + bench.h(${g}, ${salt}) % cardinality(${list})]`;

/**
 * The load, step by step: [name, SQL]. `sizes` are plain integers; `passwordHash` is the argon2 hash every bench
 * shopper signs in with.
 */
export function loadSteps({ products, orders, activity, visits, passwordHash }) {
  const customers = Math.max(100, Math.ceil(orders / 4));
  const adjectives = textArray(ADJECTIVES);
  const nouns = textArray(NOUNS.map(([noun]) => noun));
  const nounCategories = `array[${NOUNS.map(([, id]) => id).join(', ')}]::int[]`;
  const extras = textArray(EXTRAS);
  const brands = textArray(BRANDS);
  const currencies = textArray(CURRENCIES);
  const countries = textArray(COUNTRIES);
  const mainCase = `case w.cat ${Object.entries(MAIN_BY_CATEGORY)
    .map(([id, main]) => `when ${id} then ${text(main)}`)
    .join(' ')} end`;
  return [
    [
      'helpers',
      `create schema if not exists bench;
       create table if not exists bench.meta (key text primary key, value text not null);
       create or replace function bench.h(g bigint, salt int) returns int language sql immutable parallel safe
         as $$ select (hashint8(g * 64 + salt)::bigint & 2147483647)::int $$;`,
    ],
    [
      // Building an index once over a million rows is many times faster than updating it a million times (the
      // GIN search and trigram indexes most of all). Indexes behind constraints stay: the loader's joins use them.
      'indexes set aside',
      `set maintenance_work_mem = '256MB';
       create table bench.indexes as
         select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = 'public' and i.tablename in (${LOADED_TABLES.map(text).join(', ')})
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname);
       do $$ declare r record; begin
         for r in select indexname from bench.indexes loop execute format('drop index %I', r.indexname); end loop;
       end $$;
       ${switchTriggers('disable')}`,
    ],
    [
      `${products.toLocaleString('en')} products`,
      `create unlogged table bench.p as
       select g, 1005009000000000 + g as pid, w.noun, w.cat, w.title, w.cur, w.status, w.nsku, w.base, w.rate,
         ${mainCase} as main, w.source
       from (
         select g, n.noun, n.cat,
           ${pick(adjectives, 'g', 1)} || ' ' || ${pick(adjectives, 'g', 2)} || ' ' || n.noun || ' ' ||
             ${pick(extras, 'g', 4)} || case when bench.h(g, 5) % 3 = 0 then ' ' || ${pick(extras, 'g', 6)} else '' end
             as title,
           c.code as cur, c.rate,
           case when bench.h(g, 7) % 20 < 14 then 'published' when bench.h(g, 7) % 20 < 17 then 'draft'
                when bench.h(g, 7) % 20 < 19 then 'out_of_stock' else 'disabled' end::product_status as status,
           case when bench.h(g, 8) % 20 < 12 then 'aliexpress' when bench.h(g, 8) % 20 < 17 then 'manual'
                else 'vendor' end::product_source as source,
           1 + bench.h(g, 9) % 3 as nsku,
           199 + bench.h(g, 10) % 9800 as base
         from generate_series(1, ${products}) g
         cross join lateral (select (${nouns})[1 + bench.h(g, 3) % ${NOUNS.length}] as noun,
                                    (${nounCategories})[1 + bench.h(g, 3) % ${NOUNS.length}] as cat) n
         join currency_rates c on c.code = ${pick(currencies, 'g', 11)}
       ) w;
       insert into products (product_id, source, status, title, description_html, category_id, currency, price_minor,
         original_price_minor, stock, rating, review_count, sales_count, images, tags, brand, categories, log_text,
         store_id, search_terms, created_at, updated_at)
       select p.pid::text, p.source, p.status, p.title, '<p>' || p.title || '.</p>', p.cat, p.cur,
         round(p.base * p.rate)::int, round(p.base * p.rate * 1.4)::int,
         (select coalesce(sum(case when p.status = 'out_of_stock' then 0 else 1 + bench.h(p.g, 20 + s) % 400 end), 0)
            from generate_series(1, p.nsku) s),
         (bench.h(p.g, 12) % 51) / 10.0, bench.h(p.g, 13) % 2000, bench.h(p.g, 14) % 5000,
         jsonb_build_array('http://127.0.0.1/media/marketplace/bench-' || p.g % 50 || '.svg'),
         case when bench.h(p.g, 15) % 10 = 0 then '{bestseller}'::text[] else '{}'::text[] end,
         nullif(${pick(brands, 'p.g', 16)}, 'NoEnName_Null'),
         array_remove(array[p.main,
           case when p.main = 'Fashion' and p.title ~* '\\m(men|mens|male|boys?)\\M' then 'Men' end,
           case when p.main = 'Fashion' and p.title ~* '\\m(women|womens|female|ladies|girls?)\\M' then 'Women' end,
           case when p.main = 'Home & Kitchen' then 'Home' end], null),
         json_build_object('ae_item_base_info_dto', json_build_object('product_id', p.pid, 'subject', p.title,
           'currency_code', p.cur), 'ae_multimedia_info_dto',
           json_build_object('image_urls', 'http://127.0.0.1/media/marketplace/bench-' || p.g % 50 || '.svg'))::text,
         case when p.source = 'vendor' then st.ids[1 + bench.h(p.g, 17) % greatest(cardinality(st.ids), 1)] end,
         (select string_agg(p.pid::text || lpad(s::text, 2, '0'), ' ') from generate_series(1, p.nsku) s)
           || case when bench.h(p.g, 15) % 10 = 0 then ' bestseller' else '' end,
         now() - (bench.h(p.g, 18) % (730 * 86400)) * interval '1 second',
         now() - (bench.h(p.g, 18) % (730 * 86400)) * interval '1 second'
       from bench.p p
       cross join (select coalesce(array_agg(id order by id), '{}') as ids from stores where status = 'active') st;
       create unlogged table bench.pmap as
         select p.g, r.id, p.pid, p.nsku, p.base, p.rate, p.status, p.cur, p.title, p.source
         from bench.p p join products r on r.product_id = p.pid::text and r.source = p.source;
       create index on bench.pmap (g);`,
    ],
    [
      'SKUs and properties',
      `insert into product_skus (product_id, sku_id, sku_attr, sale_price_minor, price_minor, stock, position, properties)
       select m.id, m.pid::text || lpad(s::text, 2, '0'), '14:' || (192 + s),
         round((m.base + (s - 1) * 100) * m.rate)::int, round((m.base + (s - 1) * 100) * m.rate * 1.4)::int,
         case when m.status = 'out_of_stock' then 0 else 1 + bench.h(m.g, 20 + s) % 400 end, s - 1, '[]'::jsonb
       from bench.pmap m cross join generate_series(1, m.nsku) s;
       insert into product_properties (product_id, attr_name, attr_value, position)
       select m.id, 'Brand Name', ${pick(brands, 'm.g', 16)}, 0 from bench.pmap m;`,
    ],
    [
      `${customers.toLocaleString('en')} shoppers`,
      `insert into customers (username, email, name, first_name, last_name, password_hash, created_at, updated_at,
         last_login_at)
       select 'bench' || c, 'bench' || c || '@example.com', f || ' ' || l, f, l, ${text(passwordHash)},
         now() - (bench.h(c, 30) % (730 * 86400)) * interval '1 second', now(), now() - (c % 90) * interval '1 day'
       from generate_series(1, ${customers}) c,
         lateral (select ${pick(textArray(FIRST_NAMES), 'c', 31)} as f, ${pick(textArray(LAST_NAMES), 'c', 32)} as l) n;
       create unlogged table bench.cmap as
         select substring(username from 6)::int as n, id, name, email from customers where username ~ '^bench[0-9]+$';
       create index on bench.cmap (n);`,
    ],
    [
      `${orders.toLocaleString('en')} orders`,
      `create unlogged table bench.o as
       select g, x.created,
         case when bench.h(g, 41) % 10 = 0 then null else 1 + bench.h(g, 42) % ${customers} end as c,
         case when bench.h(g, 43) % 20 < 16 then 'b2c' when bench.h(g, 43) % 20 < 18 then 'd2c' else 'b2b' end::order_channel
           as channel,
         (array['Placed', 'Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered', 'Delivered', 'Delivered',
                'Completed', 'Completed', 'Cancelled', 'Failed'])[1 + bench.h(g, 44) % 12]::order_status as status,
         r.code as cur, r.rate, 1 + bench.h(g, 45) % 3 as nline,
         (select sum((500 + bench.h(g, 50 + i) % 9000) * (1 + bench.h(g, 60 + i) % 2)) from generate_series(1, 1 + bench.h(g, 45) % 3) i)
           as usd_items
       from generate_series(1, ${orders}) g
       cross join lateral (select now() - interval '1 hour' - (bench.h(g, 40) % (730 * 86400)) * interval '1 second' as created) x
       join currency_rates r on r.code = ${pick(currencies, 'g', 46)};
       insert into orders (order_number, customer_id, customer_name, customer_email, channel, status, currency,
         items_minor, shipping_minor, tax_minor, total_minor, is_paid, paid_at, is_delivered, delivered_at,
         payment_method, ship_full_name, ship_address, ship_city, ship_postal_code, ship_country, rate, created_at,
         updated_at)
       select 'ORD-' || to_char(o.created at time zone 'UTC', 'YYYYMMDD') || '-' || (10000000 + o.g),
         c.id, coalesce(c.name, 'Guest Shopper ' || o.g % 5000), coalesce(c.email, 'guest' || o.g % 5000 || '@example.net'),
         o.channel, o.status, o.cur,
         round(o.usd_items * o.rate), case when o.usd_items > 10000 then 0 else round(1000 * o.rate) end,
         round(o.usd_items * o.rate / 10),
         round(o.usd_items * o.rate) + case when o.usd_items > 10000 then 0 else round(1000 * o.rate) end
           + round(o.usd_items * o.rate / 10),
         o.status in ('Confirmed', 'Processing', 'Shipped', 'Delivered', 'Completed'),
         case when o.status in ('Confirmed', 'Processing', 'Shipped', 'Delivered', 'Completed')
           then o.created + interval '1 hour' end,
         o.status in ('Delivered', 'Completed'),
         case when o.status in ('Delivered', 'Completed') then o.created + interval '5 days' end,
         (array['Credit Card', 'PayPal', 'Bank Transfer'])[1 + bench.h(o.g, 47) % 3],
         coalesce(c.name, 'Guest Shopper'), 'House ' || (1 + o.g % 200) || ', Road ' || (1 + o.g % 30), 'Dhaka',
         lpad((1000 + o.g % 9000)::text, 4, '0'), ${pick(countries, 'o.g', 48)}, o.rate, o.created, o.created
       from bench.o o left join bench.cmap c on c.n = o.c;
       create unlogged table bench.omap as
         select o.g, r.id, o.nline, o.cur, o.rate
         from bench.o o join orders r on r.order_number =
           'ORD-' || to_char(o.created at time zone 'UTC', 'YYYYMMDD') || '-' || (10000000 + o.g);`,
    ],
    [
      'order lines',
      `insert into order_items (order_id, product_id, sku_id, name, quantity, unit_price_minor, line_total_minor,
         currency, position)
       select o.id, m.id, m.pid::text || '01', m.title, 1 + bench.h(o.g, 60 + i) % 2,
         round((500 + bench.h(o.g, 50 + i) % 9000) * o.rate),
         round((500 + bench.h(o.g, 50 + i) % 9000) * o.rate) * (1 + bench.h(o.g, 60 + i) % 2), o.cur, i - 1
       from bench.omap o cross join generate_series(1, o.nline) i
       join bench.pmap m on m.g = 1 + bench.h(o.g, 70 + i) % ${products};`,
    ],
    [
      `${activity.toLocaleString('en')} activity entries`,
      `insert into activity_log (actor_type, actor_id, actor_name, actor_email, action, target, ip, user_agent,
         outcome, details, at)
       select case when bench.h(g, 80) % 5 = 0 then 'customer' else 'admin' end::actor_type,
         -- A fifth are shoppers' own entries (no staff member), the rest spread over the seeded staff.
         case when bench.h(g, 80) % 5 <> 0 then a.ids[1 + bench.h(g, 81) % cardinality(a.ids)] end,
         case when bench.h(g, 80) % 5 <> 0 then a.names[1 + bench.h(g, 81) % cardinality(a.ids)] else 'Bench Shopper' end,
         case when bench.h(g, 80) % 5 <> 0 then a.emails[1 + bench.h(g, 81) % cardinality(a.ids)] end,
         ${pick(textArray(ACTIONS), 'g', 82)}, 'ORD-' || (10000000 + bench.h(g, 83) % ${Math.max(orders, 1)}),
         '10.' || bench.h(g, 84) % 256 || '.' || bench.h(g, 85) % 256 || '.1', 'Mozilla/5.0 (bench)',
         case when bench.h(g, 86) % 100 < 90 then 'success' when bench.h(g, 86) % 100 < 97 then 'failed'
              else 'warning' end::activity_outcome,
         jsonb_build_object('summary', 'Bench entry ' || g),
         now() - (bench.h(g, 87) % (730 * 86400)) * interval '1 second'
       from generate_series(1, ${activity}) g
       cross join (select array_agg(id order by email) as ids, array_agg(name order by email) as names,
                          array_agg(email order by email) as emails from admins) a;`,
    ],
    [
      `${visits.toLocaleString('en')} site visits`,
      `insert into site_visits (visitor_id, path, country, at)
       select 'bench-' || bench.h(g, 90) % ${Math.max(1, Math.ceil(visits / 3))}, ${pick(textArray(PATHS), 'g', 91)},
         ${pick(countries, 'g', 92)}, now() - (bench.h(g, 93) % (365 * 86400)) * interval '1 second'
       from generate_series(1, ${visits}) g;`,
    ],
    [
      'indexes built again',
      `set maintenance_work_mem = '256MB';
       do $$ declare r record; begin
         for r in select indexdef from bench.indexes loop execute r.indexdef; end loop;
       end $$;
       drop table bench.indexes;`,
    ],
    [
      // What the triggers set aside above would have kept, computed once, as migrations 0027, 0029, 0039, 0041
      // and 0053 first filled it.
      'kept tables rebuilt',
      `update products p set ships_from = product_ships_from(p.id)
         where exists (select 1 from product_skus s where s.product_id = p.id
           and s.properties @> '[{"sku_property_name": "Ships From"}]'::jsonb);
       delete from shopper_order_totals;
       insert into shopper_order_totals (kind, key, orders, last_order_at, last_name)
         select 'account', customer_id::text, count(*), max(created_at), null from orders
         where customer_id is not null group by customer_id;
       insert into shopper_order_totals (kind, key, orders, last_order_at, last_name)
         select 'guest', lower(trim(customer_email)), count(*), max(created_at),
           (array_agg(customer_name order by created_at desc))[1]
         from orders where customer_id is null group by lower(trim(customer_email));
       select b2c_shoppers_rebuild();
       insert into summary_dirty_days (day)
         select (created_at at time zone 'UTC')::date from orders
         union select (paid_at at time zone 'UTC')::date from orders where paid_at is not null
         union select (created_at at time zone 'UTC')::date from refunds
         union select (at at time zone 'UTC')::date from site_visits
         on conflict do nothing;
       insert into summary_dirty_hours (hour)
         select date_trunc('hour', at at time zone 'UTC') at time zone 'UTC' from (
           select created_at as at from orders union all select paid_at from orders where paid_at is not null
           union all select created_at from refunds union all select at from site_visits) changed
         where at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '1 day'
         group by 1
         on conflict do nothing;
       ${switchTriggers('enable')}`,
    ],
    [
      'tidy up',
      `drop table bench.p, bench.o, bench.omap;
       insert into bench.meta (key, value) values ('loaded', ${text(
         JSON.stringify({ products, orders, activity, visits, version: DATA_VERSION }),
       )}) on conflict (key) do update set value = excluded.value;`,
    ],
  ];
}
