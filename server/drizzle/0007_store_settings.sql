CREATE TABLE "project_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"problem" text DEFAULT '' NOT NULL,
	"solution" text DEFAULT '' NOT NULL,
	"users" text DEFAULT '' NOT NULL,
	"business" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_details_single_row" CHECK ("project_details"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_name" text DEFAULT 'Shop' NOT NULL,
	"contact_email" text DEFAULT 'support@example.com' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"default_currency" text DEFAULT 'USD' NOT NULL,
	"default_ship_to" text DEFAULT 'BD' NOT NULL,
	"tax_basis_points" integer DEFAULT 1000 NOT NULL,
	"free_shipping_above_usd_minor" bigint DEFAULT 10000 NOT NULL,
	"flat_shipping_usd_minor" bigint DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK ("store_settings"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "store_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "project_details" ("id") VALUES (1) ON CONFLICT DO NOTHING;
